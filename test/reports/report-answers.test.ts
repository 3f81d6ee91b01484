import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ReportPeriod } from '../../src/domain/reports/periods.js';
import type { TransactionFilter } from '../../src/domain/transaction-filter.js';
import { ReportsService } from '../../src/services/reports.service.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';
import { plainReports, seedStore } from './report-support.js';

/**
 * Reports are remembered per data version (services/report-answers.ts): one service kept across
 * writes must answer every report as the plain reading of the rows does after each kind of write,
 * including writes through another connection to the same store.
 */

/** Filters the totals tables answer, and the scans (a description, a value range). */
const FILTERS: Record<string, TransactionFilter> = {
  'everything': {},
  'a category': { category: 'Groceries' },
  'dates': { from: '2023-12-31', to: '2024-03-01' },
  'a description': { descriptionContains: 'tesco' },
  'a value range': { minValue: -100, maxValue: 0.2 },
};
const PERIOD: ReportPeriod = 'month';

async function assertFresh(reports: ReportsService, store: Store, label: string): Promise<void> {
  for (const [name, filter] of Object.entries(FILTERS)) {
    const expected = await plainReports(store, filter, PERIOD);
    const context = `${label}: ${name}`;
    assert.deepEqual(await reports.totals(filter), expected.totals, context);
    assert.deepEqual(await reports.byCategory(filter, PERIOD), expected.byCategory, context);
    assert.deepEqual(await reports.cashflow(filter, PERIOD), expected.cashflow, context);
    assert.deepEqual(await reports.topPayees(filter, 1000), expected.payees, context);
  }
}

/** Each kind of write a report can see, in turn, on `writer` (the reports' own store or another connection). */
async function everyKindOfWrite(writer: Store, afterEach: (label: string) => Promise<void>): Promise<void> {
  const created = await writer.transactions.create({ date: '2024-01-20', description: 'TESCO EXPRESS 9', value: -4.35, category: 'Coffee', bank: 'ing' });
  await afterEach('a create');
  await writer.transactions.setCategory(created.id, 'Groceries');
  await afterEach('a change of category');
  await writer.transactions.delete({ ids: [created.id, 1, 2] }, 1, { reason: 'request' });
  await afterEach('a delete');
  await writer.trash.restore([created.id, 1]);
  await afterEach('a restore');
  const session = await writer.imports.begin('monzo', { fileName: 'statement.csv', format: 'csv', profile: null, importedAt: 1 });
  await session.insertNew([
    { key: 'a', date: '2024-02-10', description: 'TESCO METRO', value: -12.5, category: 'Groceries' },
    { key: 'b', date: '2024-03-01', description: 'REFUND', value: 0.125, category: null },
  ]);
  await session.commit({ added: 2, duplicates: 0, conflicts: 0, invalid: 0, skipped: 0 });
  await afterEach('an import');
  const [imported] = (await writer.imports.list(1, 0)).rows;
  assert.ok(imported);
  await writer.imports.undo(imported.id, 2);
  await afterEach('the undo of an import');
  await writer.transactions.recategorise({ filter: { descriptionContains: 'tesco' } }, 'Salary', null);
  await afterEach('a re-categorisation by filter');
  await writer.catalogue.updateCategory('Coffee', { group: 'Treats' });
  await afterEach("a category's group changed");
  await writer.catalogue.removeCategory('Groceries', { force: true });
  await afterEach('a category removed');
}

describeEachEngine(
  'remembered reports',
  ({ engine, freshStore, freshDbSetting }) => {
    it('are fresh after every kind of write, and served again while nothing changes', async () => {
      const store = await freshStore();
      await seedStore(store, 40);
      const reports = new ReportsService(store);
      await assertFresh(reports, store, 'seeded');
      // Nothing written since: the very same answers (remembered), not read again.
      const filter = FILTERS['a description']!;
      const first = await reports.byCategory(filter, PERIOD);
      assert.equal(await reports.byCategory(filter, PERIOD), first, 'served from memory');
      await everyKindOfWrite(store, (label) => assertFresh(reports, store, `after ${label}`));
    });

    it('are fresh after writes through another connection to the same store', async () => {
      const setting = await freshDbSetting();
      const open = (): Store => (engine === 'postgres' ? new PostgresStore({ url: setting }) : new SqliteStore({ path: setting, writer: 'thread', readThreads: 1 }));
      const store = open();
      const other = open();
      try {
        await store.lifecycle.migrate();
        await seedStore(store, 30);
        const reports = new ReportsService(store);
        await assertFresh(reports, store, 'seeded');
        await everyKindOfWrite(other, (label) => assertFresh(reports, store, `after ${label} by another connection`));
      } finally {
        await other.lifecycle.close();
        await store.lifecycle.close();
      }
    });

    it('are fresh over HTTP after a write, from the same app', async () => {
      const store = await freshStore();
      await seedStore(store, 20);
      const app = await buildTestApp(store);
      const before = await call(app, 'GET', '/reports/totals?description=tesco');
      assert.equal(before.status, 200, before.text);
      assert.deepEqual((await call(app, 'GET', '/reports/totals?description=tesco')).body, before.body);
      const created = await call(app, 'POST', '/transactions', { date: '2024-01-05', description: 'TESCO 1', value: -3 });
      assert.equal(created.status, 201, created.text);
      const after = await call(app, 'GET', '/reports/totals?description=tesco');
      assert.deepEqual(after.body, (await plainReports(store, { descriptionContains: 'tesco' }, 'all')).totals);
      assert.equal((after.body as { count: number }).count, (before.body as { count: number }).count + 1);
      assert.equal(after.headers['content-type'], 'application/json; charset=utf-8');
    });
  },
  { setups: EVERY_SETUP },
);
