import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import type { Store } from '../../src/store/store.js';

const STATEMENT = ['Date,Description,Amount', '2024-01-03,SUPERMARKET,-52.50', '2024-01-04,SALARY ACME,2500.10', ''].join('\n');

async function setup(store: Store): Promise<FastifyInstance> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  return buildTestApp(store);
}

async function importStatement(app: FastifyInstance) {
  const response = await call(app, 'POST', '/imports?bank=ing&fileName=jan.csv', STATEMENT, { 'content-type': 'text/csv' });
  assert.equal(response.status, 200, response.text);
  return response.body as { importId: number; added: number; duplicates: number };
}

async function undo(app: FastifyInstance, change: unknown): Promise<string> {
  const response = await call(app, 'POST', `/changes/${String(change)}/undo`);
  assert.equal(response.status, 200, response.text);
  return String(response.headers['moneta-change']);
}

const split = async (app: FastifyInstance) => (await call(app, 'GET', '/splits/1')).body;
const row = async (app: FastifyInstance) => (await call(app, 'GET', '/transactions/1')).body as Record<string, unknown>;

describeEachEngine('splits: undo, the change feed, re-imports and import undo', ({ freshStore }) => {
  it('undoes a PUT (the category comes back, the lines go), redoes it, and undoes a replacement and a removal', async () => {
    const app = await setup(await freshStore());
    await importStatement(app);
    assert.equal((await call(app, 'PUT', '/transactions/1', { category: 'Groceries' })).status, 204);
    const first = await call(app, 'PUT', '/splits/1', { lines: [{ amount: -40, category: 'Groceries' }, { amount: -12.5, category: 'Household', memo: 'bulbs' }] });
    assert.equal(first.status, 200);
    const firstLines = first.body;

    const undone = await undo(app, first.headers['moneta-change']);
    assert.equal((await row(app)).category, 'Groceries');
    assert.equal((await row(app)).split, undefined);
    assert.equal((await call(app, 'GET', '/splits/1')).status, 404);
    await undo(app, undone);
    assert.deepEqual(await split(app), firstLines, 'the undo of the undo puts the lines back');
    assert.equal((await row(app)).category, undefined);

    const second = await call(app, 'PUT', '/splits/1', { lines: [{ amount: -52.5, category: 'Fun' }] });
    assert.equal(second.status, 200);
    await undo(app, second.headers['moneta-change']);
    assert.deepEqual(await split(app), firstLines, 'the replaced lines come back');

    const removed = await call(app, 'DELETE', '/splits/1');
    assert.equal(removed.status, 204);
    assert.equal((await row(app)).split, undefined);
    await undo(app, removed.headers['moneta-change']);
    assert.deepEqual(await split(app), firstLines, 'a removed split comes back');
    assert.equal((await row(app)).split, true);
  });

  it('puts the split row in the change feed with split: true', async () => {
    const app = await setup(await freshStore());
    await importStatement(app);
    const before = (await call(app, 'GET', '/changes')).body as { next: string };
    assert.equal((await call(app, 'PUT', '/splits/1', { lines: [{ amount: -52.5, category: 'Groceries' }] })).status, 200);
    const after = (await call(app, 'GET', `/changes?since=${encodeURIComponent(before.next)}`)).body as { changes: Array<Record<string, unknown>> };
    const puts = after.changes.filter((change) => change.type === 'transaction');
    assert.deepEqual(puts.map((change) => change.transaction), [{ date: '2024-01-03', description: 'SUPERMARKET', value: -52.5, id: 1, bank: 'ing', split: true }]);
  });

  it('a re-import of a split row is a duplicate and the split survives; undoing the import takes the split with its row', async () => {
    const app = await setup(await freshStore());
    const imported = await importStatement(app);
    assert.equal((await call(app, 'PUT', '/splits/1', { lines: [{ amount: -50, category: 'Groceries' }, { amount: -2.5 }] })).status, 200);
    const again = await importStatement(app);
    assert.equal(again.added, 0);
    assert.equal(again.duplicates, 2);
    assert.equal((await row(app)).split, true);
    assert.equal(((await split(app)) as { lines: unknown[] }).lines.length, 2);

    const undone = await call(app, 'POST', `/imports/${imported.importId}/undo`);
    assert.equal(undone.status, 200, undone.text);
    assert.equal((await call(app, 'GET', '/transactions/1')).status, 404);
    assert.equal((await call(app, 'GET', '/splits/1')).status, 404);
    assert.equal((await call(app, 'GET', '/transactions?category=Groceries')).status, 204);
    assert.deepEqual((await call(app, 'GET', '/reports/totals?category=Groceries')).body, { count: 0, income: 0, expenses: 0, net: 0 });
  });
});
