import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import type { Store } from '../../src/store/store.js';

function assertField(response: JsonResponse, status: number, name: string): void {
  assert.equal(response.status, status, response.text);
  const errors = (response.body as { errors?: { name: string }[] }).errors ?? [];
  assert.ok(errors.some((error) => error.name === name), `expected a problem naming ${name}: ${response.text}`);
}

async function setup(freshStore: () => Promise<Store>): Promise<FastifyInstance> {
  const app = await buildTestApp(await freshStore());
  assert.equal((await call(app, 'POST', '/transactions', { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, category: 'Groceries' })).status, 201);
  assert.equal((await call(app, 'POST', '/transactions', { date: '2024-03-02', description: 'SALARY', value: 2000 })).status, 201);
  return app;
}

const LINES = { lines: [{ amount: -40, category: 'Groceries' }, { amount: -12.5, category: 'Household', memo: 'bulbs' }] };

describeEachEngine('HTTP splits: getSplit, putSplit, deleteSplit', ({ freshStore }) => {
  it('splits a transaction into lines, answers its change, marks the transaction split without a category of its own', async () => {
    const app = await setup(freshStore);
    const put = await call(app, 'PUT', '/splits/1', LINES);
    assert.equal(put.status, 200, put.text);
    assert.match(String(put.headers['moneta-change']), /^[1-9][0-9]*$/);
    assert.deepEqual(put.body, { transactionId: 1, value: -52.5, lines: [{ amount: -40, category: 'Groceries' }, { amount: -12.5, category: 'Household', memo: 'bulbs' }] });
    assert.deepEqual((await call(app, 'GET', '/splits/1')).body, put.body);
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, id: 1, split: true });
    const list = await call(app, 'GET', '/transactions?sort=id');
    assert.deepEqual(list.body, [
      { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, id: 1, split: true },
      { date: '2024-03-02', description: 'SALARY', value: 2000, id: 2 },
    ]);
    const names = ((await call(app, 'GET', '/categories')).body as Array<{ name: string }>).map((category) => category.name);
    assert.ok(names.includes('Household'), 'a new category is created as a PUT of a transaction would');
  });

  it('refuses lines that do not add up, naming the difference, and bad amounts naming the line; nothing changes', async () => {
    const app = await setup(freshStore);
    const short = await call(app, 'PUT', '/splits/1', { lines: [{ amount: -40, category: 'Groceries' }, { amount: -12, category: 'Household' }] });
    assertField(short, 400, 'lines');
    assert.match(String((short.body as { detail?: string }).detail ?? short.text), /-52\.00.*difference is -0\.50/);
    assertField(await call(app, 'PUT', '/splits/1', { lines: [{ amount: -52.505 }, { amount: 0.005 }] }), 400, 'lines.0.amount');
    assertField(await call(app, 'PUT', '/splits/1', { lines: [{ amount: -52.5, category: ' Bad' }] }), 400, 'lines.0.category');
    assertField(await call(app, 'PUT', '/splits/1', { lines: [] }), 400, 'lines');
    assert.equal((await call(app, 'PUT', '/splits/99', LINES)).status, 404);
    assert.equal((await call(app, 'GET', '/splits/1')).status, 404, 'not split');
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, id: 1, category: 'Groceries' });
  });

  it('refuses the seed PUT on a split transaction with 400 saying to change the lines, and changes nothing', async () => {
    const app = await setup(freshStore);
    assert.equal((await call(app, 'PUT', '/splits/1', LINES)).status, 200);
    const refused = await call(app, 'PUT', '/transactions/1', { category: 'Fun' });
    assertField(refused, 400, 'category');
    assert.match(refused.text, /change the lines/);
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, id: 1, split: true });
    assert.equal((await call(app, 'GET', '/splits/1')).status, 200);
    const names = ((await call(app, 'GET', '/categories')).body as Array<{ name: string }>).map((category) => category.name);
    assert.ok(!names.includes('Fun'), 'no category was created');
    // A transaction that is not split is re-categorised as before; a missing one is still 404.
    assert.equal((await call(app, 'PUT', '/transactions/2', { category: 'Salary' })).status, 204);
    assert.equal((await call(app, 'PUT', '/transactions/9', { category: 'Salary' })).status, 404);
  });

  it('removes a split: the transaction stays, uncategorised, without the mark', async () => {
    const app = await setup(freshStore);
    assert.equal((await call(app, 'PUT', '/splits/1', LINES)).status, 200);
    const removed = await call(app, 'DELETE', '/splits/1');
    assert.equal(removed.status, 204, removed.text);
    assert.match(String(removed.headers['moneta-change']), /^[1-9][0-9]*$/);
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, id: 1 });
    assert.equal((await call(app, 'GET', '/splits/1')).status, 404);
    assert.equal((await call(app, 'DELETE', '/splits/1')).status, 404);
  });

  it('finds a split transaction by its lines\' categories, counted once; the inbox has it only while a line has no category', async () => {
    const app = await setup(freshStore);
    assert.equal((await call(app, 'PUT', '/splits/1', { lines: [{ amount: -40, category: 'Groceries' }, { amount: -10, category: 'Groceries' }, { amount: -2.5 }] })).status, 200);
    const groceries = await call(app, 'GET', '/transactions?category=Groceries');
    assert.equal(groceries.headers['x-total-count'], '1');
    assert.deepEqual((groceries.body as Array<{ id: number }>).map((row) => row.id), [1]);
    const dated = await call(app, 'GET', '/transactions?category=Groceries&from=2024-03-01&to=2024-03-31');
    assert.equal(dated.headers['x-total-count'], '1', 'counted once through the report totals too');
    const uncategorised = await call(app, 'GET', '/transactions?category=');
    assert.equal(uncategorised.headers['x-total-count'], '2', 'the salary, and the split row with a line without a category');
    const inbox = (await call(app, 'GET', '/reports/inbox')).body as { count: number };
    assert.equal(inbox.count, 2);
    // The inbox's and the bulk re-categorisation leave a split row alone: its lines change, not it.
    const bulk = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: null }, category: 'Misc' });
    assert.equal(bulk.status, 200, bulk.text);
    assert.equal((bulk.body as { changed: number }).changed, 1, bulk.text);
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, id: 1, split: true });

    assert.equal((await call(app, 'PUT', '/splits/1', LINES)).status, 200);
    assert.equal((await call(app, 'GET', '/transactions?category=')).status, 204, 'every line has a category now');
    assert.equal(((await call(app, 'GET', '/reports/inbox')).body as { count: number }).count, 0);
    const household = await call(app, 'GET', '/reports/totals?category=Household');
    assert.deepEqual(household.body, { count: 1, income: 0, expenses: -12.5, net: -12.5 });
    const all = await call(app, 'GET', '/reports/totals');
    assert.deepEqual(all.body, { count: 2, income: 2000, expenses: -52.5, net: 1947.5 });
  });
});
