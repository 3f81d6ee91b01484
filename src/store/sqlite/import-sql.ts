import { foldForSearchQuickly as foldForSearch } from '../../domain/matching-text.js';
import { importSqlParts as parts, rawStatement as raw, sourceOf, type ImportSql } from '../imports/import-session.js';

/** An import's bulk statements on SQLite: each batch is one JSON array parameter, read with json_each. */
export const sqliteImportSql: ImportSql = {
  createOccurrenceTable: () =>
    raw('CREATE TEMP TABLE IF NOT EXISTS import_occurrences (fingerprint TEXT PRIMARY KEY NOT NULL, n INTEGER NOT NULL) WITHOUT ROWID', []),
  dropOccurrenceTable: () => raw('DROP TABLE IF EXISTS temp.import_occurrences', []),
  occurrencesOf: (fingerprints) =>
    raw('SELECT fingerprint, n FROM temp.import_occurrences WHERE fingerprint IN (SELECT value FROM json_each(?))', [JSON.stringify(fingerprints)]),
  saveOccurrences: (counts) =>
    raw(
      // "WHERE true" lets SQLite parse ON CONFLICT after a SELECT.
      `INSERT INTO temp.import_occurrences (fingerprint, n) SELECT value->>0, value->>1 FROM json_each(?) WHERE true
       ON CONFLICT (fingerprint) DO UPDATE SET n = excluded.n`,
      [JSON.stringify([...counts])],
    ),
  findByKeys: (bank, keys) =>
    raw(
      // "import_key IS NOT NULL" lets the planner use the partial unique index.
      `${parts.findByKeysOfBank} IN (SELECT value FROM json_each(?))`,
      [bank, JSON.stringify(keys)],
    ),
  insertCategoriesIfMissing: (names, tx) =>
    raw(`${parts.insertCategoryNames} value, NULL, ? FROM json_each(?) WHERE true ${parts.categoryNamesOnly}`, [tx, JSON.stringify(names)]),
  insertTransactions: (bank, rows, stamp) =>
    raw(
      `${parts.insertInto} SELECT value->>0, value->>1, value->>2, value->>3, value->>4, ?, value->>5, value->>6, ?, ?, ?, ? FROM json_each(?) WHERE true ${parts.newKeysOnly}`,
      [
        bank,
        stamp.importId,
        stamp.tx,
        stamp.account,
        stamp.account === null ? null : 'cleared',
        JSON.stringify(rows.map((row) => [row.date, row.description, foldForSearch(row.description), row.value, row.category, row.key, sourceOf(row)])),
      ],
    ),
};
