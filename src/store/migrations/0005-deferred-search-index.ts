import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * SQLite: the FTS5 trigram index (0004) is no longer fed by a trigger on every insert (it cost
 * ~70% of a durable write's CPU). Rows are indexed in bulk shortly after they are written
 * (sqlite/search-indexer.ts), and searches treat ids above the watermark with a plain instr()
 * scan (dialect-quirks.ts), so results stay exactly the unindexed definition at every moment.
 *
 * search_index_state holds the watermark: every transaction with id <= indexed_through is in
 * transactions_fts, none above it is. It is only ever moved in the same transaction as the FTS
 * inserts. Descriptions never change after creation; the delete/update triggers stay, but only
 * touch the index for rows it holds (an FTS5 'delete' of a row that was never indexed would
 * corrupt an external-content index).
 *
 * PostgreSQL: nothing (its GIN index has its own pending list).
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`CREATE TABLE search_index_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    indexed_through INTEGER NOT NULL
  )`.execute(db);
  // Until now the insert trigger indexed every row in its own transaction: all rows are indexed.
  await sql`INSERT INTO search_index_state (singleton, indexed_through) SELECT 1, coalesce(max(id), 0) FROM transactions`.execute(db);
  await sql`DROP TRIGGER transactions_fts_insert`.execute(db);
  await sql`DROP TRIGGER transactions_fts_delete`.execute(db);
  await sql`DROP TRIGGER transactions_fts_update`.execute(db);
  await sql`CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions
    WHEN OLD.id <= (SELECT indexed_through FROM search_index_state) BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_fts_update AFTER UPDATE OF description_folded ON transactions
    WHEN OLD.id <= (SELECT indexed_through FROM search_index_state) BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END`.execute(db);
}
