import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * What TRANSACTION_JSON (sqlite/json-page.ts) was when this migration was written: one
 * transaction's JSON object as the API writes it, as SQL over the row's own columns. Frozen
 * here, as a migration must be; test/store/stored-row-json.test.ts fails when TRANSACTION_JSON
 * changes (a property added to the contract), so the change comes with a migration that
 * rewrites the triggers and the stored texts.
 */
export const ROW_JSON_SQL = `'{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || '}'`;

/**
 * SQLite: every transaction keeps its own JSON text (row_json), so a page is read, not written:
 * building the text per request was ~0.5 us a row, most of a 100-row page's ~70 us. Triggers
 * keep it current whoever writes (API, imports, `moneta copy`, a category rename cascading,
 * `categories remove --force`): after an insert, and after any change to a column it shows. The
 * inner UPDATE sets only row_json, which fires neither of these nor the count and search triggers.
 *
 * PostgreSQL: nothing (it serialises its pages in the server process).
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine !== 'sqlite') return;
  const rowJson = sql.raw(ROW_JSON_SQL);
  await sql`ALTER TABLE transactions ADD COLUMN row_json TEXT`.execute(db);
  await sql`UPDATE transactions SET row_json = ${rowJson}`.execute(db);
  await sql`CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
    UPDATE transactions SET row_json = ${rowJson} WHERE id = NEW.id;
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id ON transactions BEGIN
    UPDATE transactions SET row_json = ${rowJson} WHERE id = NEW.id;
  END`.execute(db);
}
