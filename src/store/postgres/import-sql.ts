import { foldForSearchQuickly as foldForSearch } from '../../domain/matching-text.js';
import { rawStatement as raw, type ImportSql } from '../import-session.js';

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
    raw('SELECT import_key, id, date, value FROM transactions WHERE bank_id = $1 AND import_key IS NOT NULL AND import_key = ANY($2::text[])', [bank, keys]),
  insertCategoriesIfMissing: (names) =>
    raw('INSERT INTO categories (name, group_name) SELECT name, NULL FROM unnest($1::text[]) AS t(name) ON CONFLICT (name) DO NOTHING', [names]),
  insertTransactions: (bank, rows) =>
    raw(
      `INSERT INTO transactions (date, description, description_folded, value, category, bank_id, import_key)
       SELECT d, s, f, v, c, $1, k FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::text[], $7::text[]) AS t(d, s, f, v, c, k)
       ON CONFLICT (bank_id, import_key) WHERE import_key IS NOT NULL DO NOTHING
       RETURNING import_key, id`,
      [
        bank,
        rows.map((row) => row.date),
        rows.map((row) => row.description),
        rows.map((row) => foldForSearch(row.description)),
        rows.map((row) => row.value),
        rows.map((row) => row.category),
        rows.map((row) => row.key),
      ],
    ),
};
