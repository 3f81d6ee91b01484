import { foldForSearchQuickly as foldForSearch } from '../../domain/matching-text.js';
import { importSqlParts as parts, rawStatement as raw, sourceOf, type ImportSql } from '../imports/import-session.js';

/** An import's bulk statements on PostgreSQL: each batch is typed array parameters, read with unnest. */
export const postgresImportSql: ImportSql = {
  // Dropped with the transaction, whether it commits or rolls back.
  createOccurrenceTable: () =>
    raw('CREATE TEMP TABLE import_occurrences (fingerprint text COLLATE "C" PRIMARY KEY, n integer NOT NULL) ON COMMIT DROP', []),
  dropOccurrenceTable: () => null,
  occurrencesOf: (fingerprints) =>
    raw('SELECT fingerprint, n FROM import_occurrences WHERE fingerprint = ANY($1::text[])', [fingerprints]),
  saveOccurrences: (counts) =>
    raw(
      `INSERT INTO import_occurrences (fingerprint, n) SELECT * FROM unnest($1::text[], $2::int[])
       ON CONFLICT (fingerprint) DO UPDATE SET n = excluded.n`,
      [[...counts.keys()], [...counts.values()]],
    ),
  findByKeys: (bank, keys) =>
    raw(`${numbered(parts.findByKeysOfBank)} = ANY($2::text[])`, [bank, keys]),
  insertCategoriesIfMissing: (names, tx) =>
    raw(`${parts.insertCategoryNames} name, NULL, $2 FROM unnest($1::text[]) AS t(name) ${parts.categoryNamesOnly}`, [names, tx]),
  insertTransactions: (bank, rows, stamp) =>
    raw(
      `${parts.insertInto} SELECT d, s, f, v, c, $1, k, o, $9, $10, $11::bigint, $12::text FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::text[], $7::text[], $8::text[]) AS t(d, s, f, v, c, k, o)
       ${parts.newKeysOnly}`,
      [
        bank,
        rows.map((row) => row.date),
        rows.map((row) => row.description),
        rows.map((row) => foldForSearch(row.description)),
        rows.map((row) => row.value),
        rows.map((row) => row.category),
        rows.map((row) => row.key),
        rows.map(sourceOf),
        stamp.importId,
        stamp.tx,
        stamp.account,
        stamp.account === null ? null : 'cleared',
      ],
    ),
};

/** PostgreSQL numbers its parameters: the shared part's one `?` is the bank, $1. */
function numbered(text: string): string {
  return text.replace('?', '$1');
}
