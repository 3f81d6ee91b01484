import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { ReportsService } from '../../src/services/reports.service.js';
import { compactReportTotals } from '../../src/store/postgres/count-compactor.js';
import type { Database } from '../../src/store/engine/schema.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';
import { CATEGORIES, FILTERS, GROUPINGS, plainReports, seedStore, seeded } from './report-support.js';

/** Every report, for every filter and period, equals the plain reading of the rows. */
async function assertReportsMatchRows(store: Store, label: string): Promise<void> {
  const reports = new ReportsService(store);
  for (const [name, filter] of Object.entries(FILTERS)) {
    for (const period of GROUPINGS) {
      const expected = await plainReports(store, filter, period);
      const context = `${label}: ${name}, by ${period}`;
      if (period === 'month') {
        assert.deepEqual(await reports.totals(filter), expected.totals, context);
        assert.deepEqual(await reports.topPayees(filter, 1000), expected.payees, context);
        const page = await store.transactions.list({ ...filter, sort: [], limit: 0, offset: 0 });
        assert.equal(page.total, expected.totals.count, `${context}: X-Total-Count`);
      }
      assert.deepEqual(await reports.byCategory(filter, period), expected.byCategory, context);
      assert.deepEqual(await reports.cashflow(filter, period), expected.cashflow, context);
    }
  }
}

/**
 * Writes that move totals between keys. Deletes and restores (another branch) add theirs here.
 * Each takes the store and a random source and runs several writes at once.
 */
const CONCURRENT_WRITES: Record<string, (store: Store, random: () => number) => Promise<unknown>> = {
  'creates': (store, random) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.transactions.create({ date: `2024-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`, description: `NEW SHOP ${i}`, value: random() < 0.5 ? -0.07 : 0.35, category: i % 2 ? 'Coffee' : null, bank: 'ing' }),
      ),
    ),
  're-categorisations': (store, random) =>
    Promise.all(Array.from({ length: 20 }, () => store.transactions.setCategory(1 + Math.floor(random() * 60), random() < 0.3 ? null : 'Salary'))),
  'a category removed with its transactions uncategorised': (store) => store.catalogue.removeCategory('Coffee', { force: true }),
  'a category merged into another (rename cascade)': (store) => store.catalogue.removeCategory('Groceries', { force: false, mergeInto: 'Food' }),
};

describeEachEngine(
  'reports',
  ({ engine, freshStore }) => {
    it('equal the plain reading of the rows for every filter and period', async () => {
      const store = await freshStore();
      await seedStore(store, 120);
      await assertReportsMatchRows(store, 'seeded');
    });

    it('stay equal to it after concurrent writes', async () => {
      const store = await freshStore();
      await seedStore(store, 60);
      const random = seeded(11);
      for (const [name, writes] of Object.entries(CONCURRENT_WRITES)) {
        await Promise.all([writes(store, random), new ReportsService(store).totals({})]);
        await assertReportsMatchRows(store, `after ${name}`);
      }
      assert.ok(CATEGORIES.length > 0);
    });

    it('answer an empty store with zero totals and no periods', async () => {
      const reports = new ReportsService(await freshStore());
      assert.deepEqual(await reports.totals({}), { count: 0, income: 0, expenses: 0, net: 0 });
      assert.deepEqual(await reports.byCategory({ from: '2024-01-15', to: '2024-02-10' }, 'month'), { period: 'month', periods: [] });
      assert.deepEqual(await reports.cashflow({}, 'all'), { period: 'all', periods: [] });
      assert.deepEqual(await reports.topPayees({}, 10), { payees: [] });
    });

    if (engine === 'postgres') {
      it('stay exact while the totals deltas are folded under concurrent writes', async () => {
        const store = await freshStore();
        await seedStore(store, 40);
        const url = (store as unknown as { pool: pg.Pool }).pool.options.connectionString as string;
        const pool = new pg.Pool({ connectionString: url, max: 2 });
        // The test database is dropped after the test, ending any connection still open.
        pool.on('error', () => {});
        pool.on('connect', (client) => client.on('error', () => {}));
        const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
        try {
          const random = seeded(3);
          const fold = () => Promise.all((['report_months', 'report_days'] as const).map((table) => pool.query(compactReportTotals(kysely, table).sql)));
          await Promise.all([CONCURRENT_WRITES.creates!(store, random), fold(), CONCURRENT_WRITES['re-categorisations']!(store, random), fold()]);
          await fold();
          const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM report_months');
          const { rows: keys } = await pool.query<{ n: string }>('SELECT count(DISTINCT (month, category, bank_id)) AS n FROM report_months');
          assert.equal(Number(rows[0]?.n), Number(keys[0]?.n), 'folded to one row per key');
          await assertReportsMatchRows(store, 'after folding');
        } finally {
          await kysely.destroy();
        }
      });
    }
  },
  { setups: EVERY_SETUP },
);
