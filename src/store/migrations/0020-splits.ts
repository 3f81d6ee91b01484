import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * What TRANSACTION_JSON (sqlite/json-page.ts) is since `split` joined the Transaction (issue 24):
 * frozen here as 0006, 0009 and 0019 froze theirs.
 */
export const ROW_JSON_SQL = `'{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || CASE WHEN "account_id" IS NULL THEN '' ELSE ',"account":' || "account_id" END || CASE WHEN "status" IS NULL THEN '' ELSE ',"status":' || json_quote("status") END || CASE WHEN "split" IS NULL THEN '' ELSE ',"split":' || 'true' END || '}'`;

/**
 * Splits (issue 24; docs/transfers-and-splits.md):
 * - split_lines: the lines of a split transaction, in order (position 0, 1, ...): an amount in
 *   whole hundredths of its currency (amount_cents, an integer: sums are exact), an optional
 *   category (renamed with it; a removed category leaves its lines uncategorised) and memo. No
 *   foreign key to the transaction: a trashed transaction keeps its lines, so a restore brings
 *   them back; the trash's purge removes them.
 * - transactions.split and deleted_transactions.split: 1 while the row has lines, else NULL; the
 *   row's JSON says `"split":true` then (SQLite's stored row JSON triggers are rewritten for it).
 * - change_undo_splits: the lines a transaction had before a change (none: no rows), for the
 *   rows that change imaged in change_undo_rows; an undo puts them back.
 * Reports add the lines up at read time (few rows: only split transactions have lines), so no
 * table of totals is kept for them.
 * Engine differences: ids and COLLATE "C" as in 0001.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  const sqlite = engine === 'sqlite';
  const id = sql.raw(sqlite ? 'INTEGER' : 'bigint');
  const text = sql.raw(sqlite ? 'TEXT' : 'text COLLATE "C"');
  await sql`CREATE TABLE split_lines (
    transaction_id ${id} NOT NULL,
    position INTEGER NOT NULL,
    amount_cents ${id} NOT NULL,
    category ${text} REFERENCES categories(name) ON UPDATE CASCADE ON DELETE SET NULL,
    memo ${text},
    PRIMARY KEY (transaction_id, position)
  )`.execute(db);
  await sql`CREATE INDEX split_lines_category ON split_lines (category, transaction_id)`.execute(db);
  await sql`CREATE TABLE change_undo_splits (
    tx ${id} NOT NULL,
    transaction_id ${id} NOT NULL,
    position INTEGER NOT NULL,
    amount_cents ${id} NOT NULL,
    category ${text},
    memo ${text},
    PRIMARY KEY (tx, transaction_id, position)
  )`.execute(db);
  await sql`ALTER TABLE transactions ADD COLUMN split INTEGER`.execute(db);
  await sql`ALTER TABLE deleted_transactions ADD COLUMN split INTEGER`.execute(db);
  if (sqlite) {
    const rowJson = sql.raw(ROW_JSON_SQL);
    await sql`DROP TRIGGER transactions_row_json_insert`.execute(db);
    await sql`DROP TRIGGER transactions_row_json_update`.execute(db);
    await sql`CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
      UPDATE transactions SET row_json = ${rowJson} WHERE id = NEW.id;
    END`.execute(db);
    await sql`CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id, category_source, account_id, status, split ON transactions BEGIN
      UPDATE transactions SET row_json = ${rowJson} WHERE id = NEW.id;
    END`.execute(db);
  }
}
