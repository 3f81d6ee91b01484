import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * Undo on the server, by change (issue 22 item 3; docs/undo.md):
 * - change_undo: one row per change that can be undone: its token (change_feed.tx), when it was
 *   made (ms since the epoch: what the retention purges by), the change it undid (for an undo),
 *   the undo that undid it, and the import it was (imports.id; the history offers its undo).
 *   Partial index on import_id: the history finds an import's change by it.
 * - change_undo_rows: the before-images of a change, one per transaction it touched: `category`
 *   (the row's category and category_source before the change), `trashed` (the change moved it
 *   into the trash), `restored` (it brought it back from the trash), `created` (it added it).
 * - change_undo_state: the newest token whose before-images were purged, so an undo of an older
 *   change is told "expired" (410) rather than "unknown" (404).
 * - A trigger writes the `category` images: any UPDATE of a transaction's category or
 *   category_source records the row's old values under the new change_tx, the first time in
 *   that change only, in the same transaction as the write. Whatever writes categories (a PUT,
 *   bulk, the inbox, rules, catalogue moves, PostgreSQL's one-statement writes, an undo) is
 *   covered without a statement of its own; the other images are written by the programs.
 * Engine differences: ids as in 0001 (INTEGER / bigint); SQLite's trigger is a row trigger
 * with a WHEN that skips a row already imaged, PostgreSQL's a row trigger calling a function with ON CONFLICT DO NOTHING.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  const id = sql.raw(engine === 'sqlite' ? 'INTEGER' : 'bigint');
  await sql`CREATE TABLE change_undo (
    tx ${id} PRIMARY KEY NOT NULL,
    made_at ${id} NOT NULL,
    undoes ${id},
    undone_by ${id},
    import_id ${id}
  )`.execute(db);
  await sql`CREATE INDEX change_undo_made_at ON change_undo (made_at)`.execute(db);
  await sql`CREATE INDEX change_undo_import_id ON change_undo (import_id) WHERE import_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE change_undo_rows (
    tx ${id} NOT NULL,
    transaction_id ${id} NOT NULL,
    action TEXT NOT NULL,
    category TEXT,
    category_source TEXT,
    PRIMARY KEY (tx, transaction_id)
  )`.execute(db);
  await sql`CREATE TABLE change_undo_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    purged_through ${id} NOT NULL
  )`.execute(db);
  await sql`INSERT INTO change_undo_state (singleton, purged_through) VALUES (1, 0)`.execute(db);
  if (engine === 'sqlite') {
    // A WHEN, not INSERT OR IGNORE: an outer statement's conflict policy overrides the trigger's,
    // and a foreign-key cascade (a category renamed with the sqlite3 shell) aborted on the key.
    await sql`CREATE TRIGGER transactions_change_undo AFTER UPDATE OF category, category_source ON transactions
      WHEN NEW.change_tx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM change_undo_rows WHERE tx = NEW.change_tx AND transaction_id = OLD.id) BEGIN
      INSERT INTO change_undo_rows (tx, transaction_id, action, category, category_source)
      VALUES (NEW.change_tx, OLD.id, 'category', OLD.category, OLD.category_source);
    END`.execute(db);
  } else {
    await sql`CREATE FUNCTION change_undo_category() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO change_undo_rows (tx, transaction_id, action, category, category_source)
        VALUES (NEW.change_tx, OLD.id, 'category', OLD.category, OLD.category_source)
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER transactions_change_undo AFTER UPDATE OF category, category_source ON transactions
      FOR EACH ROW EXECUTE FUNCTION change_undo_category()`.execute(db);
  }
}
