import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * Where a person walks (issue 26; docs/performance.md): the register newest first
 * (`sort=-date`: date descending, ties by id ascending) and a date range (a month, a report's
 * click) had no index but the id order, so each page walked the id index testing dates, or
 * sorted every row. This index holds the newest-first order itself: a page reads `offset + limit`
 * entries and sorts nothing; read backwards it gives date ascending (ties by id then need a sort
 * of one day's rows only), and it bounds every date range, with or without other filters.
 * One index only, so post and put pay for one more entry (measured there). Both engines.
 */
export async function up(db: Kysely<unknown>, _engine: EngineName): Promise<void> {
  await sql`CREATE INDEX transactions_date_newest ON transactions (date DESC, id ASC)`.execute(db);
}
