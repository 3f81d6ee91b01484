/**
 * The SQL every query object compiles to, per engine, as text for review: src/store/sqlite/queries.sql.snap
 * and src/store/postgres/queries.sql.snap. test/store/sql-snapshots.test.ts fails when they drift
 * from the code; after a deliberate change, regenerate them and commit the diff with it:
 *
 *   npm run sql:snapshots
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { format } from 'sql-formatter';
import type { TransactionQuery } from '../src/domain/transaction.js';
import type { EngineName } from '../src/store/store.js';
import type { ImportSql } from '../src/store/import-session.js';
import type { Database as Schema } from '../src/store/schema.js';
import { postgresQuirks } from '../src/store/postgres/postgres-quirks.js';
import { postgresImportSql } from '../src/store/postgres/import-sql.js';
import { sqliteQuirks } from '../src/store/sqlite/sqlite-quirks.js';
import { sqliteImportSql } from '../src/store/sqlite/import-sql.js';
import { listStoredJsonPage } from '../src/store/sqlite/json-page.js';
import { compactCounts, countDeltaStats } from '../src/store/postgres/count-compactor.js';
import { StoreQueries, writePrograms, type StepResult, type WriteProgram } from '../src/store/writes.js';

export const SNAPSHOT_FILES: Record<EngineName, string> = {
  sqlite: fileURLToPath(new URL('../src/store/sqlite/queries.sql.snap', import.meta.url)),
  postgres: fileURLToPath(new URL('../src/store/postgres/queries.sql.snap', import.meta.url)),
};

const page: TransactionQuery = { sort: [], limit: 100, offset: 0 };
/** The shapes a page can take: each filter, sort and offset that changes the statement. */
const PAGES: Record<string, TransactionQuery> = {
  'all, by id': page,
  'by category': { ...page, category: 'Groceries' },
  'uncategorised': { ...page, category: null },
  'by bank': { ...page, bank: 'monzo' },
  'by category and bank': { ...page, category: 'Coffee', bank: 'ing' },
  'description (3+ characters)': { ...page, descriptionContains: 'tesco' },
  'description (3+ characters), newest first': { ...page, descriptionContains: 'tesco', sort: [{ field: 'id', descending: true }] },
  'description (under 3 characters)': { ...page, descriptionContains: 'ma' },
  'by value descending, then category': { ...page, sort: [{ field: 'value', descending: true }, { field: 'category', descending: false }] },
  'deep offset': { ...page, offset: 50_000 },
  'deep offset, by bank, newest first': { ...page, bank: 'monzo', offset: 50_000, sort: [{ field: 'id', descending: true }] },
  'empty (limit 0)': { ...page, limit: 0 },
};

/** Every row a driver could hand a program: each lookup finds one, each count is 0 (the main path). */
const FOUND: StepResult = { rows: [{ id: 1, n: 0, key: 'key' }], changes: 1 };

function statementsOf(program: WriteProgram<unknown>): CompiledQuery[] {
  const statements: CompiledQuery[] = [];
  let step = program.next();
  while (!step.done) {
    statements.push(step.value);
    step = program.next(FOUND);
  }
  return statements;
}

function entries(engine: EngineName): Array<[string, CompiledQuery | CompiledQuery[]]> {
  const kysely =
    engine === 'sqlite'
      ? new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })
      : // Compiling needs no connection: the pool is never used.
        new Kysely<Schema>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
  const queries = new StoreQueries(kysely, engine === 'sqlite' ? sqliteQuirks : postgresQuirks);
  const { transactions: t, rules, security } = queries;
  const out: Array<[string, CompiledQuery | CompiledQuery[]]> = [];
  for (const [name, query] of Object.entries(PAGES)) {
    out.push([`transactions page: ${name}`, t.listPage(query)]);
    out.push([`transactions count: ${name}`, t.countMatching(query)]);
    if (engine === 'sqlite') out.push([`transactions JSON page: ${name}`, listStoredJsonPage(t, query)]);
    else out.push([`transactions page with total: ${name}`, t.listPageWithTotal(query)]);
  }
  out.push(
    ['transaction by id', t.findTransactionById(1)],
    ['transactions after an id (rules apply, suggest)', rules.transactionsAfter(0, 1000, false)],
    ['uncategorised transactions after an id', rules.transactionsAfter(0, 1000, true)],
    ['banks', t.listBanks()],
    ['bank by id', t.findBankById('monzo')],
    ['categories', t.listCategories()],
    ['rules', rules.listRules()],
    ['rules version', rules.rulesVersion()],
    ['API tokens', security.listApiTokens()],
  );
  if (engine === 'postgres') out.push(['count deltas (compactor)', countDeltaStats(kysely)], ['fold count deltas (compactor)', compactCounts(kysely)]);
  const write = writePrograms(queries);
  const transaction = { date: '2024-01-31', description: 'TESCO STORES 3021', value: -12.5, category: 'Groceries', bank: 'monzo' };
  out.push(
    ['write: createTransaction', statementsOf(write.createTransaction(transaction))],
    ['write: createTransactionIdempotent', statementsOf(write.createTransactionIdempotent(transaction, { key: 'key', fingerprint: 'f', now: 2, expiredBefore: 1 }))],
    ['write: setTransactionCategory', statementsOf(write.setTransactionCategory(1, 'Coffee'))],
    ['write: addBank', statementsOf(write.addBank({ id: 'monzo', name: 'Monzo', aggregatorId: null }))],
    ['write: removeBank', statementsOf(write.removeBank('monzo'))],
    ['write: saveCategory', statementsOf(write.saveCategory({ name: 'Coffee', group: 'Food' }))],
    ['write: removeCategory', statementsOf(write.removeCategory('Coffee', { force: true }))],
    [
      'write: addRule',
      statementsOf(write.addRule({ category: 'Coffee', descriptionContains: 'pret', descriptionMatches: null, minValue: null, maxValue: null, bank: null, priority: 0 })),
    ],
    ['write: removeRule', statementsOf(write.removeRule(1))],
    ['write: addApiToken', statementsOf(write.addApiToken({ name: 'laptop', hash: '00', readOnly: false, createdAt: '2024-01-31T00:00:00.000Z' }))],
    ['write: removeApiToken', statementsOf(write.removeApiToken('laptop'))],
    ['write: purgeIdempotencyKeys', statementsOf(write.purgeIdempotencyKeys(1))],
  );
  const imports: ImportSql = engine === 'sqlite' ? sqliteImportSql : postgresImportSql;
  const drop = imports.dropOccurrenceTable();
  const row = { key: 'b:1', date: '2024-01-31', description: 'TESCO', value: -1, category: null };
  out.push(
    ['import: create occurrence table', imports.createOccurrenceTable()],
    ...(drop ? [['import: drop occurrence table', drop] as [string, CompiledQuery]] : []),
    ['import: occurrences of fingerprints', imports.occurrencesOf(['2024-01-31:x'])],
    ['import: save occurrences', imports.saveOccurrences(new Map([['2024-01-31:x', 1]]))],
    ['import: find by keys', imports.findByKeys('monzo', ['b:1'])],
    ['import: insert categories if missing', imports.insertCategoriesIfMissing(['Coffee'])],
    ['import: insert transactions', imports.insertTransactions('monzo', [row])],
  );
  return out;
}

/** The snapshot file's text for one engine. */
export function renderSnapshot(engine: EngineName): string {
  const language = engine === 'sqlite' ? 'sqlite' : 'postgresql';
  const sections = entries(engine).map(([name, queries]) => {
    const statements = (Array.isArray(queries) ? queries : [queries]).map((query) => `${format(query.sql, { language, paramTypes: { positional: true, numbered: ['$'] } })};`);
    return `-- ${name}\n${statements.join('\n\n')}\n`;
  });
  const header = `-- The SQL the store runs on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, as compiled from src/store (generated: npm run sql:snapshots).\n-- Parameters appear as ${engine === 'sqlite' ? '?' : '$n'}; write programs (src/store/writes.ts) list their statements along the path where every lookup finds its row.\n`;
  return `${header}\n${sections.join('\n')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const engine of ['sqlite', 'postgres'] as const) {
    writeFileSync(SNAPSHOT_FILES[engine], renderSnapshot(engine));
    console.log(`wrote ${SNAPSHOT_FILES[engine]}`);
  }
}
