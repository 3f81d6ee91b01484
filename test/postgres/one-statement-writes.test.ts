/**
 * On PostgreSQL a create and a category change are one statement each
 * (src/store/postgres/one-statement-writes.ts), not their write programs (src/store/writes.ts),
 * and those that arrive together share one statement (statement-batcher.ts). The two forms must
 * mean the same: the same answers, and the same rows, categories, change tokens and feed entries
 * left behind, on the same inputs, including an unknown bank, a new category, a rule's source,
 * and a missing id; a batch answers each create with its own row, and one create's failure is
 * its own.
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

async function feedLength(pool: pg.Pool): Promise<number> {
  return Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM change_feed')).rows[0]?.n);
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

  it('creates in one turn share one statement and one commit; each answer is its own row, an unknown bank fails alone', async () => {
    const inputs: NewTransaction[] = Array.from({ length: 24 }, (_, k) => ({
      date: `2024-02-${String((k % 28) + 1).padStart(2, '0')}`,
      description: `batch ${k} ${'é'.repeat(k % 3)}`,
      value: k % 2 === 0 ? k * 1.25 : -k,
      category: k % 4 === 0 ? null : k % 4 === 1 ? 'Groceries' : 'Made in a batch',
      bank: k % 5 === 3 ? 'nope' : k % 5 === 4 ? null : 'ing',
      ...(k % 6 === 1 ? { categorySource: 'rule:9' } : {}),
    }));
    const feedBefore = await feedLength(fast.pool);
    const answers = await Promise.all(inputs.map((input) => outcome(() => fast.store.transactions.create(input))));
    assert.equal(await feedLength(fast.pool), feedBefore + 1, 'one feed entry: one commit');
    for (const [k, input] of inputs.entries()) {
      const answer = answers[k] as { ok?: { id: number }; error?: string };
      if (input.bank === 'nope') {
        assert.equal(answer.error, 'MissingReferenceError: no bank has id "nope"', `input ${k}`);
        continue;
      }
      const stored = await fast.store.transactions.findById(answer.ok!.id);
      assert.deepEqual(stored, answer.ok, `input ${k}: its answer is the row stored under its id`);
      assert.deepEqual(
        [stored?.date, stored?.description, stored?.value, stored?.category, stored?.bank, stored?.categorySource],
        [input.date, input.description, input.value, input.category, input.bank, input.category === null ? null : (input.categorySource ?? null)],
        `input ${k}`,
      );
    }
    // The same creates one by one through their programs leave the same rows and categories
    // (tokens aside: the batch took one, the programs one each).
    for (const input of inputs) await outcome(() => programs.store.transactions.create(input));
    const withoutTokens = async (pool: pg.Pool) => {
      const { transactions, categories } = (await state(pool)) as { transactions: Array<Record<string, unknown>>; categories: Array<Record<string, unknown>> };
      const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ change_tx: _token, ...row }) => row);
      return { transactions: strip(transactions), categories: strip(categories) };
    };
    assert.deepEqual(await withoutTokens(fast.pool), await withoutTokens(programs.pool));
  });

  it('a create the server refuses fails alone: the others of its batch are stored', async () => {
    const inputs: NewTransaction[] = ['kept 1', 'refused \u0000', 'kept 2'].map((description) => ({ date: '2024-03-01', description, value: 1, category: null, bank: null }));
    const answers = await Promise.all(inputs.map((input) => outcome(() => fast.store.transactions.create(input))));
    assert.match(String((answers[1] as { error?: string }).error), /0x00|\\u0000/, 'PostgreSQL refuses NUL in text');
    for (const k of [0, 2]) {
      const created = (answers[k] as { ok?: { id: number; description: string } }).ok;
      assert.equal((await fast.store.transactions.findById(created!.id))?.description, inputs[k]!.description);
    }
  });

  it('category changes in one turn share one statement and commit: a missing id answers false alone; of two changes to one row the later stays', async () => {
    const ids = (await fast.store.transactions.list({ sort: [], limit: 6, offset: 0 })).rows.map((row) => row.id);
    const changes: Array<[number, string | null, string | null]> = [
      [ids[0]!, 'Batch A', null],
      [ids[1]!, null, 'rule:5'],
      [123_456, 'Not made for a missing row', null],
      [ids[2]!, 'Batch B', 'rule:6'],
      [ids[0]!, 'Batch C', 'rule:7'],
      [ids[3]!, 'Groceries', null],
    ];
    const feedBefore = await feedLength(fast.pool);
    const answers = await Promise.all(changes.map(([id, category, source]) => fast.store.transactions.setCategory(id, category, source)));
    assert.deepEqual(answers, [true, true, false, true, true, true]);
    assert.equal(await feedLength(fast.pool), feedBefore + 1, 'one feed entry: one commit');
    const stored = async (id: number) => {
      const row = await fast.store.transactions.findById(id);
      return [row?.category, row?.categorySource];
    };
    assert.deepEqual(await stored(ids[0]!), ['Batch C', 'rule:7'], 'the later of two changes to one row');
    assert.deepEqual(await stored(ids[1]!), [null, null], 'no source without a category');
    assert.deepEqual(await stored(ids[2]!), ['Batch B', 'rule:6']);
    assert.deepEqual(await stored(ids[3]!), ['Groceries', null]);
    const names = (await fast.store.catalogue.listCategories()).map((category) => category.name);
    assert.ok(names.includes('Batch A') && names.includes('Batch B') && names.includes('Batch C'));
    assert.ok(!names.includes('Not made for a missing row'));
  });
});
