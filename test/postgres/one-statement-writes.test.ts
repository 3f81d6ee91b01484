/**
 * On PostgreSQL a create and a category change are one statement each
 * (src/store/postgres/one-statement-writes.ts), not their write programs (src/store/writes.ts).
 * The two must mean the same: the same answers, and the same rows, categories, change tokens and
 * feed entries left behind, on the same inputs, including an unknown bank, a new category, a
 * rule's source, and a missing id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { NewTransaction } from '../../src/domain/transaction.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { createTestDatabase, postgresSkipReason, testPool, type TestDatabase } from '../support/postgres.js';

const skip = await postgresSkipReason();

interface Side {
  database: TestDatabase;
  store: PostgresStore;
  pool: pg.Pool;
}

async function side(oneStatementWrites: boolean): Promise<Side> {
  const database = await createTestDatabase();
  const store = new PostgresStore({ url: database.url, oneStatementWrites });
  await store.lifecycle.migrate();
  return { database, store, pool: testPool(database.url, 1) };
}

/** Everything the two writes touch, as the tables hold it. */
async function state(pool: pg.Pool): Promise<unknown> {
  const rows = async (text: string) => (await pool.query(text)).rows as unknown[];
  return {
    transactions: await rows('SELECT id, date, description, description_folded, value, category, bank_id, category_source, change_tx FROM transactions ORDER BY id'),
    categories: await rows('SELECT name, group_name, change_tx FROM categories ORDER BY name'),
    feed: await rows('SELECT seq, tx FROM change_feed ORDER BY seq'),
    token: await rows("SELECT last_value, is_called FROM change_tx_seq"),
  };
}

/** An answer, or the error's name and message: what a caller of the repository sees. */
async function outcome(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await work() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

const creates: NewTransaction[] = [
  { date: '2024-01-01', description: 'Café Crème', value: -3.5, category: null, bank: null },
  { date: '2024-01-02', description: 'TESCO 1', value: -12.25, category: 'Groceries', bank: 'ing' },
  { date: '2024-01-03', description: 'new category', value: 10, category: 'Brand new', bank: null },
  { date: '2024-01-04', description: 'unknown bank', value: 1, category: 'Never made', bank: 'nope' },
  { date: '2024-01-05', description: 'by a rule', value: -1e-7, category: 'Groceries', bank: 'ing', categorySource: 'rule:3' },
  { date: '2024-01-06', description: 'source without category', value: 0, category: null, bank: 'ing', categorySource: 'rule:4' },
];

describe('PostgreSQL one-statement writes mean what their programs mean', { skip }, () => {
  let fast: Side;
  let programs: Side;
  before(async () => {
    [fast, programs] = await Promise.all([side(true), side(false)]);
    for (const { store } of [fast, programs]) {
      await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
      await store.transactions.create({ date: '2023-12-31', description: 'seed', value: 1, category: 'Groceries', bank: 'ing' });
    }
  });
  after(async () => {
    for (const { store, pool, database } of [fast, programs]) {
      await store.lifecycle.close();
      await pool.end();
      await database.drop();
    }
  });

  it('creates: the same answers and the same tables after each', async () => {
    for (const input of creates) {
      const answers = await Promise.all([fast, programs].map(({ store }) => outcome(() => store.transactions.create(input))));
      assert.deepEqual(answers[0], answers[1], `create ${input.description}`);
      assert.deepEqual(await state(fast.pool), await state(programs.pool), `tables after create ${input.description}`);
    }
  });

  it('category changes: the same answers and the same tables after each', async () => {
    const changes: Array<[number, string | null, string | null]> = [
      [2, 'Eating out', null],
      [2, null, 'rule:1'],
      [1, 'Groceries', 'rule:2'],
      [3, 'Brand new', null],
      [999, 'Not made for a missing row', null],
    ];
    for (const [id, category, source] of changes) {
      const answers = await Promise.all([fast, programs].map(({ store }) => outcome(() => store.transactions.setCategory(id, category, source))));
      assert.deepEqual(answers[0], answers[1], `set ${id} to ${category}`);
      assert.deepEqual(await state(fast.pool), await state(programs.pool), `tables after set ${id} to ${category}`);
    }
    assert.deepEqual(await fast.store.transactions.findById(999), null);
  });
});
