import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { SortKey } from '../../src/domain/sort.js';
import type { TransactionQuery, TransactionRecord } from '../../src/domain/transaction.js';
import type { TransactionFilter } from '../../src/domain/transaction-filter.js';
import type { Store } from '../../src/store/store.js';
import { DATE_KEYSET_OFFSET } from '../../src/store/transactions/date-keyset.js';
import { describeEachEngine } from '../support/engines.js';

/**
 * Issue 26: pages in date order (newest first, oldest first), months, a month and a category,
 * and pages far into date order (started from the report totals, date-keyset.ts) are the pages
 * of a fresh scan: every row read in id order, then sorted and filtered here. After rows were
 * re-categorised and deleted, so the totals the keyset reads have been kept, not just built.
 */
const ROWS = DATE_KEYSET_OFFSET + 1500;
const CATEGORIES = ['Groceries', 'Coffee', null] as const;

/** Rows over seven months, several a day, out of date order by id (so id and date orders differ). */
function dateOf(i: number): string {
  const day = (i * 7919) % 210;
  const at = new Date(Date.UTC(2023, 10, 1) + day * 86_400_000);
  return at.toISOString().slice(0, 10);
}

async function fill(store: Store): Promise<void> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  const session = await store.imports.begin('ing');
  try {
    const rows = Array.from({ length: ROWS }, (_, i) => ({ key: `k${i}`, date: dateOf(i), description: `shop ${i % 13}`, value: (i % 17) - 8.25, category: CATEGORIES[i % 3] ?? null }));
    for (let at = 0; at < rows.length; at += 1000) await session.insertNew(rows.slice(at, at + 1000));
    await session.commit();
  } catch (error) {
    await session.rollback();
    throw error;
  }
  // Rows without a bank, then changes the report totals must follow.
  for (let i = 0; i < 40; i += 1) await store.transactions.create({ date: dateOf(i * 31), description: `cash ${i}`, value: -i });
  await store.transactions.recategorise({ ids: Array.from({ length: 300 }, (_, i) => 1 + i * 7) }, 'Coffee', null);
  await store.transactions.delete({ ids: Array.from({ length: 200 }, (_, i) => 2 + i * 11) }, Date.now(), { reason: 'request' });
}

/** The fresh scan: every row, then this filter and order applied here (ties by id ascending). */
function scanned(all: TransactionRecord[], filter: TransactionFilter, sort: SortKey[]): number[] {
  const descending = sort[0]?.descending ?? false;
  return all
    .filter((row) => (filter.category === undefined || row.category === filter.category) && (filter.bank === undefined || row.bank === filter.bank))
    .filter((row) => (filter.from === undefined || row.date >= filter.from) && (filter.to === undefined || row.date <= filter.to))
    .sort((a, b) => (a.date === b.date ? a.id - b.id : (a.date < b.date) !== descending ? -1 : 1))
    .map((row) => row.id);
}

describeEachEngine('pages in date order (issue 26)', ({ freshStore }) => {
  const NEWEST: SortKey[] = [{ field: 'date', descending: true }];
  const OLDEST: SortKey[] = [{ field: 'date', descending: false }];
  const filters: TransactionFilter[] = [{}, { category: 'Groceries' }, { category: null }, { bank: 'ing' }, { category: 'Coffee', bank: 'ing' }];
  const offsets = [0, 100, DATE_KEYSET_OFFSET - 1, DATE_KEYSET_OFFSET, DATE_KEYSET_OFFSET + 333, ROWS - 250, ROWS - 150, ROWS + 10];
  const months: TransactionFilter[] = [{ from: '2024-02-01', to: '2024-02-29' }, { from: '2024-02-01', to: '2024-02-29', category: 'Groceries' }, { from: '2023-12-10', to: '2024-01-20', category: null }];

  // One store for every case (filling it is the slow part); each case names itself on failure.
  it('newest and oldest first, each filter, near and far pages, and months: the pages and totals of a fresh scan', async () => {
    const store = await freshStore();
    await fill(store);
    const all = (await store.transactions.list({ sort: [], limit: ROWS * 2, offset: 0 })).rows;
    assert.equal(all.length, ROWS + 40 - 200);
    for (const sort of [NEWEST, OLDEST]) {
      for (const filter of filters) {
        const expected = scanned(all, filter, sort);
        for (const offset of offsets) {
          const query: TransactionQuery = { ...filter, sort, limit: 100, offset };
          const name = JSON.stringify(query);
          const page = await store.transactions.list(query);
          assert.equal(page.total, expected.length, `total of ${name}`);
          assert.deepEqual(page.rows.map((row) => row.id), expected.slice(offset, offset + 100), `page ${name}`);
          const json = await store.transactions.page(query);
          assert.deepEqual((JSON.parse(json.json) as TransactionRecord[]).map((row) => row.id), expected.slice(offset, offset + 100), `JSON page ${name}`);
        }
      }
    }
    for (const filter of months) {
      for (const sort of [NEWEST, OLDEST]) {
        const expected = scanned(all, filter, sort);
        assert.ok(expected.length > 150, 'the month has more than a page');
        for (const offset of [0, 100]) {
          const page = await store.transactions.list({ ...filter, sort, limit: 100, offset });
          assert.equal(page.total, expected.length);
          assert.deepEqual(page.rows.map((row) => row.id), expected.slice(offset, offset + 100), `${JSON.stringify(filter)} ${JSON.stringify(sort)} at ${offset}`);
        }
      }
      const byId = (await store.transactions.list({ ...filter, sort: [], limit: 1000, offset: 0 })).rows.map((row) => row.id);
      assert.deepEqual(byId, [...scanned(all, filter, OLDEST)].sort((a, b) => a - b));
    }
  });
});
