/**
 * Micro-measurement of the SQLite JSON page (src/store/sqlite/json-page.ts), written per request
 * by SQL (TRANSACTION_JSON) and read as stored (row_json, migration 0006), against reading row
 * objects and serialising them with the route's serialiser, on a read-only connection to a bench
 * dataset (default: the 1M-row reference file). Both sides compile their query per call, as the
 * store does; totals are left out (the same CountCache serves both).
 * Run: node --import tsx bench/json-page-micro.ts [file]
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { TransactionQuery } from '../src/domain/transaction.js';
import { presentTransaction } from '../src/http/presenters.js';
import { sqliteQuirks } from '../src/store/sqlite/sqlite-quirks.js';
import { Queries, toTransactionRecord, type TransactionRow } from '../src/store/transactions/transactions-queries.js';
import type { Database as Schema } from '../src/store/engine/schema.js';
import { CompiledStatements } from '../src/store/sqlite/compiled-statements.js';
import { listStoredJsonPage, TRANSACTION_JSON, transactionsJsonArray } from '../src/store/sqlite/json-page.js';
import { listTransactionsSerialiser } from '../test/support/route-serialiser.js';

const file = process.argv[2] ?? 'bench/.data/ref-1000000.db';
const db = new Database(file, { readonly: true, fileMustExist: true });
const queries = new Queries(new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) }), sqliteQuirks);
const statements = new CompiledStatements(db);

const page = { sort: [], limit: 100, offset: 0 };
const cases: [string, TransactionQuery][] = [
  ['plain', page],
  ['category=Coffee', { ...page, category: 'Coffee' }],
  ['sort=-value,date', { ...page, sort: [{ field: 'value', descending: true }, { field: 'date', descending: false }] }],
  ['description=tesco (trigram)', { ...page, descriptionContains: 'tesco' }],
  ['offset=500000', { ...page, offset: 500_000 }],
];

const serialise = await listTransactionsSerialiser();
const objects = (query: TransactionQuery) =>
  serialise(statements.all<TransactionRow>(queries.listPage(query)).map(toTransactionRecord).map(presentTransaction));
const written = (query: TransactionQuery) => transactionsJsonArray(statements.column<string>(queries.listPageAs(query, TRANSACTION_JSON)));
const stored = (query: TransactionQuery) => transactionsJsonArray(statements.column<string>(listStoredJsonPage(queries, query)));

/** Warm-up, then the best of several interleaved rounds: on a shared machine the minimum is the least disturbed. */
function measure(runs: [string, () => unknown][], rounds = 7, calls = 700): string[] {
  for (const [, run] of runs) for (let i = 0; i < 1000; i += 1) run();
  const best = runs.map(() => Infinity);
  for (let round = 0; round < rounds; round += 1) {
    runs.forEach(([, run], index) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < calls; i += 1) run();
      best[index] = Math.min(best[index]!, Number(process.hrtime.bigint() - start) / 1000 / calls);
    });
  }
  return runs.map(([label], index) => `${label} ${best[index]!.toFixed(1)} us`);
}

for (const [label, query] of cases) {
  if (written(query) !== objects(query)) throw new Error(`${label}: the JSON page differs from the serialised rows`);
  if (stored(query) !== objects(query)) throw new Error(`${label}: the stored JSON page differs from the serialised rows`);
  const runs: [string, () => unknown][] = [['objects + serialiser', () => objects(query)], ['SQLite JSON', () => written(query)], ['stored JSON', () => stored(query)]];
  console.log(`${label.padEnd(30)} ${measure(runs).join('   ')}`);
}
