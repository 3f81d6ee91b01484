import { sql, type SqlBool } from 'kysely';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import { centsSql } from '../engine/sql-terms.js';
import { sqliteChangeJson } from './change-json.js';
import { transactionsJsonArray } from './json-page.js';

/** Every transaction with id <= this is in transactions_fts; none above it (migration 0005). */
const SQLITE_INDEXED_THROUGH = sql<number>`(SELECT indexed_through FROM search_index_state)`;

export const sqliteQuirks: DialectQuirks = {
  cents: sql.raw<number | null>(centsSql('value', 'sqlite')),
  // instr() compares literally, so %, _ and \ need no escaping. From 3 characters on, the FTS5
  // trigram index (migration 0004) narrows the rows it holds (ids up to the watermark of 0005);
  // newer rows, not indexed yet, are all candidates. instr() still decides, so the result is
  // exactly the unindexed one. Under 3 characters no trigram exists: instr() alone, a scan.
  descriptionContains: (folded) =>
    [...folded].length >= 3
      ? sql<SqlBool>`(id IN (SELECT rowid FROM transactions_fts WHERE transactions_fts MATCH ${ftsPhrase(folded)} AND rowid <= ${SQLITE_INDEXED_THROUGH})
          OR id > ${SQLITE_INDEXED_THROUGH}) AND instr(description_folded, ${folded}) > 0`
      : sql<SqlBool>`instr(description_folded, ${folded}) > 0`,
  trigramSearch: (folded, aliases) =>
    [...folded].length >= 3
      ? {
          match: sql<SqlBool>`${sql.ref(`${aliases.fts}.transactions_fts`)} MATCH ${ftsPhrase(folded)}`,
          recheck: sql<SqlBool>`instr(${sql.ref(`${aliases.table}.description_folded`)}, ${folded}) > 0`,
          indexedThrough: SQLITE_INDEXED_THROUGH,
        }
      : undefined,
  amongIds: (column, ids) => sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  amongTexts: (column, texts) => sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(texts)}))`,
  amongSelected: (column, ids) => sql<SqlBool>`${sql.ref(column)} IN (${ids})`,
  dayShifted: (column, days) => sql<string>`date(${sql.ref(column)}, ${`${days >= 0 ? '+' : ''}${days} days`})`,
  // One writer at a time: a counter row costs nothing and keeps tokens dense.
  nextChangeToken: () => sql<{ tx: number }>`UPDATE change_feed_state SET last_tx = last_tx + 1 RETURNING last_tx AS tx`,
  changeJson: { of: sqliteChangeJson, array: transactionsJsonArray },
  locksRows: false,
};

/** An FTS5 query matching `text` as one phrase: inside double quotes everything is literal but `"`, doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
