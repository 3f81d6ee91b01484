import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * The trash is listed most recently deleted first, ties by id (`deleted_at DESC, id ASC`): the
 * index of 0009 (`deleted_at, id`) read backwards gives ties by id descending, so every page
 * sorted the trash's rows (all of them after one large delete, which share `deleted_at`). This
 * index holds the listing's own order, so a page reads `offset + limit` entries and sorts
 * nothing (issue 28, item 15); it also serves the purge's `deleted_at <` range, so it replaces
 * 0009's. Both engines.
 */
export async function up(db: Kysely<unknown>, _engine: EngineName): Promise<void> {
  await sql`CREATE INDEX deleted_transactions_listing ON deleted_transactions (deleted_at DESC, id ASC)`.execute(db);
  await sql`DROP INDEX IF EXISTS deleted_transactions_deleted_at`.execute(db);
}
