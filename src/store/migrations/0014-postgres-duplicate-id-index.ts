import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * PostgreSQL: drops `transactions_id` (0004), an index on id alone. On SQLite it is the narrow
 * index a deep offset steps over (a table's rows are stored in its rowid b-tree, so no other
 * index holds ids alone); on PostgreSQL the primary key's b-tree already is exactly that, and
 * the planner used the two alike. Every created row paid one more index entry for nothing.
 * SQLite: nothing.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`DROP INDEX IF EXISTS transactions_id`.execute(db);
}
