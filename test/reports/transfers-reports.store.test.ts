import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { ReportsService } from '../../src/services/reports.service.js';
import type { Database } from '../../src/store/engine/schema.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine } from '../support/engines.js';
import { allRows, FILTERS, GROUPINGS, plainReports, seeded, seedStore } from './report-support.js';

/** The store's own query builder, below every repository (as test/support/ledger.ts reads rows). */
function kyselyOf(store: Store): Kysely<Database> {
  return (store as unknown as { kysely: Kysely<Database> }).kysely;
}

/** The rows of confirmed transfers whose both rows are live, read plainly from the tables. */
async function confirmedRows(store: Store): Promise<Set<number>> {
  const { rows } = await sql<{ outflow_id: number | string; inflow_id: number | string }>`
    SELECT outflow_id, inflow_id FROM transfers WHERE status = 'confirmed'`.execute(kyselyOf(store));
  return new Set(rows.flatMap((row) => [Number(row.outflow_id), Number(row.inflow_id)]));
}

/**
 * Links pairs of a negative and a positive seeded row as transfers, some confirmed and some
 * suggested, straight into the table (the reports never look at accounts or signs).
 */
async function plantTransfers(store: Store, seed: number): Promise<void> {
  const rows = await allRows(store);
  const random = seeded(seed);
  const out = rows.filter((row) => row.value < 0);
  const into = rows.filter((row) => row.value > 0);
  const n = Math.min(out.length, into.length, 20);
  for (let i = 0; i < n; i += 1) {
    const status = random() < 0.7 ? 'confirmed' : 'suggested';
    await sql`INSERT INTO transfers (outflow_id, inflow_id, status, change_tx) VALUES (${out[i]!.id}, ${into[i]!.id}, ${status}, 0)`.execute(kyselyOf(store));
  }
}

async function assertReportsLeaveTransfersOut(store: Store, label: string): Promise<void> {
  const reports = new ReportsService(store);
  const leftOut = await confirmedRows(store);
  assert.ok(leftOut.size > 0, 'some rows are in confirmed transfers');
  for (const [name, filter] of Object.entries(FILTERS)) {
    for (const period of GROUPINGS) {
      const expected = await plainReports(store, filter, period, leftOut);
      const context = `${label}: ${name}, by ${period}`;
      if (period === 'month') {
        assert.deepEqual(await reports.totals(filter), expected.totals, context);
        assert.deepEqual(await reports.topPayees(filter, 1000), expected.payees, context);
      }
      assert.deepEqual(await reports.byCategory(filter, period), expected.byCategory, context);
      assert.deepEqual(await reports.cashflow(filter, period), expected.cashflow, context);
    }
  }
}

describeEachEngine('reports without transfers', ({ freshStore }) => {
  it('leave the rows of confirmed transfers out of every report, filter and period, and count suggested ones', async () => {
    const store = await freshStore();
    await seedStore(store, 120);
    await plantTransfers(store, 3);
    await assertReportsLeaveTransfersOut(store, 'planted');
  });

  it('count a row again once its transfer is unlinked, and follow a transferred row recategorised', async () => {
    const store = await freshStore();
    await seedStore(store, 80);
    await plantTransfers(store, 5);
    const [first] = await store.transfers.list('confirmed', 1, 0);
    assert.ok(first);
    await store.transactions.setCategory(first.outflow.transactionId, 'Salary');
    await assertReportsLeaveTransfersOut(store, 'recategorised');
    assert.equal((await store.transfers.unlink(first.id)).status, 'unlinked');
    await assertReportsLeaveTransfersOut(store, 'unlinked');
  });

  it('leave them out of the review inbox', async () => {
    const store = await freshStore();
    await seedStore(store, 120);
    await plantTransfers(store, 3);
    const leftOut = await confirmedRows(store);
    const uncategorised = (await allRows(store)).filter((row) => row.category === null);
    assert.ok(uncategorised.some((row) => leftOut.has(row.id)), 'some uncategorised rows are in confirmed transfers');
    const counted = (await store.inbox.parts()).reduce((sum, part) => sum + part.count, 0);
    assert.equal(counted, uncategorised.filter((row) => !leftOut.has(row.id)).length);
  });
});
