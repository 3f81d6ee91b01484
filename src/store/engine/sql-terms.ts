import type { EngineName } from './engine-name.js';

/**
 * SQL that landed migrations ran and that runtime queries must repeat word for word: the
 * migrations import it from here, and so do the queries (never a migration from runtime code).
 * Frozen with those migrations: changing a term here changes what a landed migration runs, which
 * test/store/migrations-frozen.test.ts refuses. A new term for a new migration may be added.
 */

/** The message of the transaction id limit (migration 0007): its SQLite trigger raises it; isIdLimitError looks for it. */
export const ID_LIMIT_MESSAGE = 'transaction ids are exhausted: the next id would pass 2^53 - 1';

/**
 * The value of a row as a whole number of cents, as SQL over `column`, or NULL when the value is
 * not one: not a multiple of 0.01 as the client wrote it, or 1e9 or more in magnitude (so sums of
 * cents stay far inside 64-bit integers). round(v * 100) / 100 = v holds exactly when v is the
 * double nearest to a decimal with two places, whatever the engine's rounding of halves: the
 * division is exact IEEE arithmetic, so the test checks itself. Reports add these in integers
 * and the other values one by one, exactly (domain/reports/exact-sum.ts).
 * Migration 0008's report totals were computed with it, so the report queries use the same text.
 */
export function centsSql(column: string, engine: EngineName): string {
  const cents = engine === 'sqlite' ? `CAST(round(${column} * 100) AS INTEGER)` : `round(${column} * 100)::bigint`;
  return `CASE WHEN ${exactCentsTest(column)} THEN ${cents} END`;
}

/** True for the rows centsSql leaves NULL; migration 0008's partial index transactions_odd_values holds exactly those. */
export const ODD_VALUE_SQL = `NOT (${exactCentsTest('value')})`;

function exactCentsTest(column: string): string {
  return `abs(${column}) < 1e9 AND round(${column} * 100) / 100 = ${column}`;
}

/**
 * A fresh random name of 16 hex digits (64 bits), as SQL: migration 0015 names each store and
 * its first epoch with it, and `moneta restore` names the restored store's new epoch.
 */
export function randomNameSql(engine: EngineName): string {
  return engine === 'sqlite' ? 'lower(hex(randomblob(8)))' : "left(replace(gen_random_uuid()::text, '-', ''), 16)";
}
