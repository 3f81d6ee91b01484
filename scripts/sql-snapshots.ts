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
import type { ImportSql } from '../src/store/imports/import-session.js';
import type { Database as Schema } from '../src/store/engine/schema.js';
import { postgresQuirks } from '../src/store/postgres/postgres-quirks.js';
import { postgresImportSql } from '../src/store/postgres/import-sql.js';
import { sqliteQuirks } from '../src/store/sqlite/sqlite-quirks.js';
import { sqliteImportSql } from '../src/store/sqlite/import-sql.js';
import { listStoredJsonPage } from '../src/store/sqlite/json-page.js';
import { compactCounts, compactReportTotals, countDeltaStats, reportTotalsDeltaStats } from '../src/store/postgres/count-compactor.js';
import type { ReportGrouping } from '../src/domain/reports/report-parts.js';
import type { TransactionFilter } from '../src/domain/transaction-filter.js';
import { ledgerEntries } from './sql-snapshots-ledger.js';
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
  'dates (whole months and edge days)': { ...page, from: '2024-01-15', to: '2024-06-30' },
  'dates, by category, newest first': { ...page, category: 'Groceries', from: '2024-01-01', to: '2024-03-31', sort: [{ field: 'id', descending: true }] },
  'value range': { ...page, minValue: -50, maxValue: 0 },
  'description and dates': { ...page, descriptionContains: 'tesco', from: '2024-01-01' },
};

/** The shapes a report's statement can take: grouping, and filters the totals can or cannot answer. */
const REPORTS: Record<string, [TransactionFilter, ReportGrouping]> = {
  'totals, unfiltered': [{}, { month: false, category: false, description: false }],
  'totals, by category and bank, dates (whole months and edge days)': [
    { category: 'Groceries', bank: 'monzo', from: '2024-01-15', to: '2024-06-30' },
    { month: false, category: false, description: false },
  ],
  'totals, description (a scan)': [{ descriptionContains: 'tesco' }, { month: false, category: false, description: false }],
  'by month and category': [{ from: '2020-01-01', to: '2024-12-31' }, { month: true, category: true, description: false }],
  'by month, uncategorised, value range (a scan)': [{ category: null, minValue: -100 }, { month: true, category: false, description: false }],
  'by description (payees)': [{ bank: 'monzo' }, { month: false, category: false, description: true }],
};

/** Every row a driver could hand a program: each lookup finds one, each count is 0 (the main path). */
const FOUND: StepResult = { rows: [{ id: 1, n: 0, key: 'key' }], changes: 1 };

/** Lookups that also count rows, so programs that act on what they count show those statements. */
const FOUND_MANY: StepResult = { rows: [{ id: 1, n: 3, key: 'key' }], changes: 1 };

function statementsOf(program: WriteProgram<unknown>, found: StepResult = FOUND): CompiledQuery[] {
  const statements: CompiledQuery[] = [];
  let step = program.next();
  while (!step.done) {
    statements.push(step.value);
    step = program.next(found);
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
  // A description search on PostgreSQL: the page with its snapshot's id, with and without the total.
  if (engine === 'postgres') {
    for (const withTotal of [true, false]) {
      out.push([`search page in its snapshot${withTotal ? ', with the total' : ''}`, t.pageInSnapshot({ ...page, descriptionContains: 'tesco' }, withTotal)]);
      out.push([`search count in its snapshot${withTotal ? ', with the total' : ''} (limit 0)`, t.pageInSnapshot({ ...page, descriptionContains: 'tesco', limit: 0 }, withTotal)]);
    }
  }
  for (const [name, [filter, grouping]] of Object.entries(REPORTS)) out.push([`report: ${name}`, queries.reports.report(filter, grouping)]);
  out.push(
    ['transaction by id', t.findTransactionById(1)],
    ['transactions after an id (rules apply, suggest)', t.transactionsAfter(0, 1000, false)],
    ['uncategorised transactions after an id', t.transactionsAfter(0, 1000, true)],
    ['banks', t.listBanks()],
    ['bank by id', t.findBankById('monzo')],
    ['categories', t.listCategories()],
    ['rules', rules.listRules()],
    ['rules version', rules.rulesVersion()],
    ['rule by id', rules.findRule(1)],
    ['update a rule', rules.updateRule(1, { category: 'Food', descriptionContains: 'rewe', descriptionMatches: null, minValue: null, maxValue: null, bank: null, priority: 0 })],
    ['set a rule priority', rules.setRulePriority(1, 2)],
    ['raise the rules revision', rules.raiseRevision()],
    ['apply one rule to its rows', rules.applyRule({ ruleId: 1, category: 'Food', ids: [1, 2] }, { uncategorisedOnly: false, overwriteManual: false }, 7)],
    ['API tokens', security.listApiTokens()],
  );
  if (engine === 'postgres') {
    out.push(['count deltas (compactor)', countDeltaStats(kysely)], ['fold count deltas (compactor)', compactCounts(kysely)]);
    for (const table of ['report_months', 'report_days'] as const) {
      out.push([`${table} deltas (compactor)`, reportTotalsDeltaStats(kysely, table)], [`fold ${table} deltas (compactor)`, compactReportTotals(kysely, table)]);
    }
  }
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
    ['write: deleteTransactions by ids', statementsOf(write.deleteTransactions({ ids: [1, 2] }, 1, { reason: 'request' }))],
    ['write: deleteTransactions by filter', statementsOf(write.deleteTransactions({ filter: { category: null, descriptionContains: 'tesco', from: '2024-01-01', to: '2024-12-31', minValue: -10, maxValue: 10 } }, 1, { reason: 'request' }))],
    ['write: restoreTransactions', statementsOf(write.restoreTransactions([1, 2]))],
    ['write: recategoriseTransactions by filter', statementsOf(write.recategoriseTransactions({ filter: { bank: 'monzo' } }, 'Coffee', 'user'))],
    ['write: purgeTrash', statementsOf(write.purgeTrash(1))],
    ['write: updateBank', statementsOf(write.updateBank('monzo', { name: 'Monzo Bank', aggregatorId: null }))],
    ['write: removeBankWith, moving', statementsOf(write.removeBankWith('monzo', { transactions: 'move', rules: 'retarget', moveTo: 'ing', deletedAt: 1 }), FOUND_MANY)],
    ['write: removeBankWith, to the trash', statementsOf(write.removeBankWith('monzo', { transactions: 'trash', rules: 'remove', deletedAt: 1 }), FOUND_MANY)],
    ['write: createCategory', statementsOf(write.createCategory({ name: 'Coffee', group: 'Food' }))],
    ['write: updateCategory, renaming', statementsOf(write.updateCategory('Coffee', { name: 'Cafés', group: 'Food' }), FOUND_MANY)],
    ['write: updateCategory, regrouping', statementsOf(write.updateCategory('Coffee', { group: null }))],
    ['write: mergeCategories', statementsOf(write.mergeCategories(['Coffee', 'Tea'], 'Drinks'), FOUND_MANY)],
    ['write: removeCategoryWith', statementsOf(write.removeCategoryWith('Coffee', { uncategorise: true, rules: 'retarget', rulesTo: 'Drinks' }), FOUND_MANY)],
    ['write: createCategoryGroup', statementsOf(write.createCategoryGroup('Food', ['Coffee', 'Tea']))],
    ['write: renameCategoryGroup', statementsOf(write.renameCategoryGroup('Food', 'Essen'))],
    ['write: removeCategoryGroup', statementsOf(write.removeCategoryGroup('Food'))],
    ['write: deleteTransactions of an import (undoImport)', statementsOf(write.deleteTransactions({ importId: 3 }, 1, { reason: 'import', importId: 3 }))],
  );
  const { corrections, changes, inbox } = queries;
  /** The inbox's program finds one folded description of the payee, then writes. */
  const PAYEE_FOUND: StepResult = { rows: [{ id: 1, n: 0, key: 'key', description_folded: 'espresso house nice 3' }], changes: 1 };
  out.push(
    ['inbox: uncategorised by description, with dates', inbox.parts()],
    ['inbox: folded descriptions a filter chooses', inbox.descriptions({ category: null })],
    ['inbox: recategorise dry run of a payee', inbox.sample({ category: null }, ['espresso house nice 3'], 'Coffee', 'user', 20)],
    ['write: recategorisePayee', statementsOf(write.recategorisePayee({ category: null }, 'espresso house nice', 'Coffee', 'user'), PAYEE_FOUND)],
    ['recategorise dry run', corrections.recategoriseSample({ filter: { category: 'Coffee' } }, 'Food', 'user', 20)],
    ['trash page', queries.trash.trashPage(100, 0)],
    ['trash count', queries.trash.trashCount()],
    ['change feed: its state (purge mark, store, epoch, last seq)', changes.feedState()],
    ['import history page', queries.imports.page(100, 0)],
    ['import history count', queries.imports.count()],
    ['import history entry', queries.imports.find(3)],
    ['import history: rows an import added', queries.imports.transactions(3, 100, 0)],
    ['change feed page: from the start', changes.page({ seq: 0, phase: 0, key: null }, 1001)],
    ['change feed page: within a commit of transactions', changes.page({ seq: 12, phase: 3, key: 42 }, 1001)],
    ['change feed page: the rest of the cursor\'s commit alone', changes.ownEntryPage({ seq: 12, phase: 3, key: 42 }, 1001)!],
    ...(changes.writesJson
      ? ([
          ['change feed page as JSON: from the start', changes.jsonPage({ seq: 0, phase: 0, key: null }, 1001)],
          ['change feed page as JSON: within a commit of transactions', changes.jsonPage({ seq: 12, phase: 3, key: 42 }, 1001)],
          ['change feed page as JSON: the rest of the cursor\'s commit alone', changes.ownEntryJsonPage({ seq: 12, phase: 3, key: 42 }, 1001)!],
        ] as Array<[string, CompiledQuery]>)
      : []),
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
    ['import: insert categories if missing', imports.insertCategoriesIfMissing(['Coffee'], 7)],
    ['import: insert transactions', imports.insertTransactions('monzo', [row], { tx: 7, importId: 3, account: null })],
  );
  out.push(...ledgerEntries(queries, write, statementsOf));
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
