import { CompiledQuery } from 'kysely';
import { foldForSearchQuickly as foldForSearch } from '../domain/matching-text.js';
import type { ImportedTransaction } from './import-session.js';

/**
 * The bulk statements of an import, written per engine because that is where the engines
 * differ: a whole batch travels as ONE array parameter (SQLite json_each, PostgreSQL unnest),
 * so each statement's SQL is the same for every batch size (one prepared statement, no
 * 1000-placeholder lists) and values bind exactly (PostgreSQL float8[], SQLite JSON numbers,
 * which both print and read doubles round-trip exactly).
 */
export interface ImportSql {
  createOccurrenceTable(): CompiledQuery;
  dropOccurrenceTable(): CompiledQuery | null;
  occurrencesOf(fingerprints: readonly string[]): CompiledQuery<{ fingerprint: string; n: number }>;
  saveOccurrences(counts: ReadonlyMap<string, number>): CompiledQuery;
  findByKeys(bank: string, keys: readonly string[]): CompiledQuery<{ import_key: string; id: number; date: string; value: number }>;
  insertCategoriesIfMissing(names: readonly string[]): CompiledQuery;
  insertTransactions(bank: string, rows: readonly ImportedTransaction[]): CompiledQuery<{ import_key: string; id: number }>;
}

const raw = <T>(text: string, parameters: unknown[]) => CompiledQuery.raw(text, parameters) as CompiledQuery<T>;

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
      'SELECT import_key, id, date, value FROM transactions WHERE bank_id = ? AND import_key IS NOT NULL AND import_key IN (SELECT value FROM json_each(?))',
      [bank, JSON.stringify(keys)],
    ),
  insertCategoriesIfMissing: (names) =>
    raw('INSERT INTO categories (name, group_name) SELECT value, NULL FROM json_each(?) WHERE true ON CONFLICT (name) DO NOTHING', [
      JSON.stringify(names),
    ]),
  insertTransactions: (bank, rows) =>
    raw(
      `INSERT INTO transactions (date, description, description_folded, value, category, bank_id, import_key)
       SELECT value->>0, value->>1, value->>2, value->>3, value->>4, ?, value->>5 FROM json_each(?) WHERE true
       ON CONFLICT (bank_id, import_key) WHERE import_key IS NOT NULL DO NOTHING
       RETURNING import_key, id`,
      [bank, JSON.stringify(rows.map((row) => [row.date, row.description, foldForSearch(row.description), row.value, row.category, row.key]))],
    ),
};

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
