import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import type { TransactionQuery, TransactionRecord } from '../../src/domain/transaction.js';
import { transactionObject } from '../../src/domain/transaction.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine } from '../support/engines.js';
import { allRows, matches, seedStore } from './report-support.js';

/** GET /transactions' date and value filters on each shape of page the stores read. */
const QUERIES: Record<string, Omit<TransactionQuery, 'limit' | 'offset'>> = {
  'dates, by id': { from: '2023-12-31', to: '2024-02-01', sort: [] },
  'dates, newest first': { from: '2024-01-01', sort: [{ field: 'id', descending: true }] },
  'values, by value': { minValue: -12.5, maxValue: 0.2, sort: [{ field: 'value', descending: false }] },
  'dates and a category, by date': { to: '2024-01-31', category: 'Coffee', sort: [{ field: 'date', descending: true }] },
  'dates and a bank, uncategorised': { from: '2024-01-15', bank: 'ing', category: null, sort: [] },
  // The same search with and without a bound: SQLite's search-count cache must tell them apart.
  'a search': { descriptionContains: 'tesco', sort: [] },
  'the same search, values from 0': { descriptionContains: 'tesco', minValue: 0, sort: [] },
  'the same search, values up to 0': { descriptionContains: 'tesco', maxValue: 0, sort: [] },
  'the same search, dates': { descriptionContains: 'tesco', to: '2023-12-31', sort: [] },
  'a search and dates (trigram walk)': { descriptionContains: 'tesco', from: '2024-01-01', sort: [] },
  'a search and values, newest first (trigram walk)': { descriptionContains: 'stores', minValue: 0, sort: [{ field: 'id', descending: true }] },
  'a short search and values': { descriptionContains: 'ß', maxValue: 0, sort: [] },
};

function expected(rows: TransactionRecord[], query: Omit<TransactionQuery, 'limit' | 'offset'>): number[] {
  return rows.filter((row) => matches(row, query)).map((row) => row.id);
}

async function assertEveryReadPath(store: Store, label: string): Promise<void> {
  const rows = await allRows(store);
  for (const [name, shape] of Object.entries(QUERIES)) {
    const wanted = expected(rows, shape).sort((a, b) => a - b);
    const context = `${label}: ${name}`;
    const list = await store.transactions.list({ ...shape, limit: 1000, offset: 0 });
    assert.deepEqual([list.total, list.rows.map((row) => row.id).sort((a, b) => a - b)], [wanted.length, wanted], context);
    const page = await store.transactions.page({ ...shape, limit: 1000, offset: 0 });
    assert.equal(page.total, wanted.length, context);
    assert.equal(page.json, JSON.stringify(list.rows.map(transactionObject)), `${context}: the JSON page is the list, in its order`);
    const stream = await store.transactions.stream({ ...shape, limit: 1_000_000, offset: 0 });
    const streamed: number[] = [];
    for await (const batch of stream.batches) streamed.push(...(JSON.parse(batch) as { id: number }[]).map((row) => row.id));
    assert.deepEqual([stream.total, streamed], [wanted.length, list.rows.map((row) => row.id)], `${context}: streamed`);
    const deep = await store.transactions.list({ ...shape, limit: 2, offset: 3 });
    assert.deepEqual(deep.rows, list.rows.slice(3, 5), `${context}: offset`);
  }
}

describeEachEngine('GET /transactions date and value filters', ({ engine, freshStore }) => {
  it('give the same rows and totals on every read path', async () => {
    const store = await freshStore();
    await seedStore(store, 90);
    await assertEveryReadPath(store, 'indexed');
    if (engine === 'sqlite' && store instanceof SqliteStore) {
      // Rows newer than the trigram index's watermark are found by the re-check alone.
      await store.searchIndex.pause();
      await seedStore(store, 30, 19);
      for (let i = 0; i < 30; i += 1) await store.transactions.create({ date: '2024-01-20', description: `TESCO STORES ${i}`, value: i % 2 ? 0.5 : -3, category: null, bank: 'ing' });
      await assertEveryReadPath(store, 'index lagging');
    }
  });
});

it('gives the same rows and totals through SQLite read threads', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'moneta-test-')), 'moneta.db');
  const writer = new SqliteStore({ path });
  await writer.lifecycle.migrate();
  await seedStore(writer, 90);
  await writer.lifecycle.close();
  const store = new SqliteStore({ path, readThreads: 1 });
  after(() => store.lifecycle.close());
  await assertEveryReadPath(store, 'read threads');
});
