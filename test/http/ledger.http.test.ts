import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, withoutChange } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import { addAccount } from '../support/ledger.js';

interface Problem {
  status: number;
  detail?: string;
  errors?: { in: string; name: string; message: string }[];
}

function assertProblem(response: { status: number; body: unknown }, status: number, field?: { in: string; name: string }): Problem {
  assert.equal(response.status, status, JSON.stringify(response.body));
  const body = response.body as Problem;
  if (field) assert.ok(body.errors?.some((error) => error.in === field.in && error.name === field.name), `expected ${field.in} ${field.name} in ${JSON.stringify(body)}`);
  return body;
}

/** Today, for the defaults of a balance history. */
const NOW = Date.parse('2024-06-15T12:00:00Z');

/** An app over `store` with account `Current` (EUR, opening 100) holding four rows. */
async function setup(store: Store) {
  const app = await buildTestApp(store, { now: () => NOW });
  const account = await addAccount(store, { name: 'Current', opening: 100 });
  const ids: number[] = [];
  for (const [date, value] of [['2024-01-01', 2000], ['2024-01-02', -800.5], ['2024-01-02', -3.2], ['2024-02-01', -1]] as const) {
    const created = await call(app, 'POST', '/transactions', { date, description: `row ${date} ${value}`, value });
    assert.equal(created.status, 201, created.text);
    ids.push((created.body as { id: number }).id);
  }
  const moved = await call(app, 'POST', '/manage/transactions/move', { ids, account });
  assert.deepEqual(withoutChange(moved.body), { moved: 4 });
  return { app, account, ids };
}

async function statuses(app: FastifyInstance, account: number): Promise<Array<string | undefined>> {
  const register = await call(app, 'GET', `/accounts/${account}/register?order=oldest`);
  return (register.body as { rows: Array<{ transaction: { status?: string } }> }).rows.map((row) => row.transaction.status);
}

describeEachEngine('Ledger over HTTP: register and balances', ({ freshStore }) => {
  it('answers the register with the balance after each row, its count, and pages of it', async () => {
    const { app, account, ids } = await setup(await freshStore());
    const register = await call(app, 'GET', `/accounts/${account}/register`);
    assert.equal(register.status, 200);
    assert.equal(register.headers['x-total-count'], '4');
    const body = register.body as { account: number; currency: string; rows: Array<{ transaction: { id: number; value: number }; balance: number }> };
    assert.equal(body.account, account);
    assert.equal(body.currency, 'EUR');
    assert.deepEqual(body.rows.map((row) => [row.transaction.id, row.balance]), [[ids[3], 1295.3], [ids[2], 1296.3], [ids[1], 1299.5], [ids[0], 2100]]);

    const deep = await call(app, 'GET', `/accounts/${account}/register?order=oldest&offset=2&limit=1&from=2024-01-02`);
    assert.equal(deep.headers['x-total-count'], '3');
    assert.deepEqual((deep.body as typeof body).rows.map((row) => [row.transaction.id, row.balance]), [[ids[3], 1295.3]]);
  });

  it('refuses an unknown account (404) and a range that runs backwards (400 naming from)', async () => {
    const { app, account } = await setup(await freshStore());
    assertProblem(await call(app, 'GET', `/accounts/${account + 1}/register`), 404, { in: 'path', name: 'accountId' });
    assertProblem(await call(app, 'GET', `/accounts/${account}/register?from=2024-02-01&to=2024-01-01`), 400, { in: 'query', name: 'from' });
    assertProblem(await call(app, 'GET', `/accounts/${account + 1}/balances`), 404, { in: 'path', name: 'accountId' });
    assertProblem(await call(app, 'GET', `/accounts/${account}/balances?from=2024-02-01&to=2024-01-01`), 400, { in: 'query', name: 'from' });
    assertProblem(await call(app, 'GET', `/accounts/${account}/balances?from=2000-01-01&to=2024-01-01&interval=day`), 400, { in: 'query', name: 'interval' });
    assertProblem(await call(app, 'GET', `/reports/net-worth?from=2000-01-01&to=2024-01-01&interval=day`), 400, { in: 'query', name: 'interval' });
  });

  it('gives the balance history, by default the last 12 months by month, and net worth per currency', async () => {
    const store = await freshStore();
    const { app, account } = await setup(store);
    const history = await call(app, 'GET', `/accounts/${account}/balances`);
    assert.equal(history.status, 200);
    const { points, ...rest } = history.body as { points: Array<{ date: string; balance: number }> };
    assert.deepEqual(rest, { account, currency: 'EUR', interval: 'month' });
    assert.equal(points.length, 12);
    assert.deepEqual(points[0], { date: '2023-07-31', balance: 100 });
    assert.deepEqual(points.slice(6), [
      { date: '2024-01-31', balance: 1296.3 },
      { date: '2024-02-29', balance: 1295.3 },
      { date: '2024-03-31', balance: 1295.3 },
      { date: '2024-04-30', balance: 1295.3 },
      { date: '2024-05-31', balance: 1295.3 },
      { date: '2024-06-15', balance: 1295.3 },
    ]);
    const weeks = await call(app, 'GET', `/accounts/${account}/balances?from=2024-01-01&to=2024-01-10&interval=week`);
    assert.deepEqual((weeks.body as { points: unknown }).points, [{ date: '2024-01-07', balance: 1296.3 }, { date: '2024-01-10', balance: 1296.3 }]);

    await addAccount(store, { name: 'Pounds', currency: 'GBP', opening: 7.5 });
    const worth = await call(app, 'GET', '/reports/net-worth?from=2024-01-01&to=2024-01-02&interval=day');
    assert.deepEqual(worth.body, {
      interval: 'day',
      currencies: [
        { currency: 'EUR', accounts: 1, points: [{ date: '2024-01-01', balance: 2100 }, { date: '2024-01-02', balance: 1296.3 }] },
        { currency: 'GBP', accounts: 1, points: [{ date: '2024-01-01', balance: 7.5 }, { date: '2024-01-02', balance: 7.5 }] },
      ],
    });
  });
});

describeEachEngine('Ledger over HTTP: reconciliation, moves and status', ({ freshStore }) => {
  it('previews, refuses to complete while the balances differ, then reconciles and protects the rows', async () => {
    const store = await freshStore();
    const { app, account, ids } = await setup(store);
    const cleared = await call(app, 'POST', '/manage/transactions/status', { ids: [ids[0], ids[1]], status: 'cleared' });
    assert.deepEqual(withoutChange(cleared.body), { changed: 2 });
    assert.deepEqual(await statuses(app, account), ['cleared', 'cleared', undefined, undefined]);

    const preview = await call(app, 'GET', `/accounts/${account}/reconciliation?date=2024-01-31&balance=1296.3`);
    assert.equal(preview.status, 200);
    const { uncleared, ...facts } = preview.body as { uncleared: Array<{ id: number }> };
    assert.deepEqual(facts, { account, date: '2024-01-31', statementBalance: 1296.3, clearedBalance: 1299.5, difference: -3.2, agrees: false, unclearedCount: 1 });
    assert.deepEqual(uncleared.map((row) => row.id), [ids[2]]);
    assertProblem(await call(app, 'GET', `/accounts/${account}/reconciliation?date=2024-01-31&balance=1296.301`), 400, { in: 'query', name: 'balance' });
    assertProblem(await call(app, 'GET', `/accounts/${account + 1}/reconciliation?date=2024-01-31&balance=1`), 404, { in: 'path', name: 'accountId' });

    const differs = assertProblem(await call(app, 'POST', `/accounts/${account}/reconciliation`, { date: '2024-01-31', balance: 1296.3 }), 409);
    assert.match(differs.detail ?? '', /1,296\.30.*1,299\.50.*-3\.20/);
    assert.deepEqual(await statuses(app, account), ['cleared', 'cleared', undefined, undefined]);
    assertProblem(await call(app, 'POST', `/accounts/${account}/reconciliation`, { date: '2024-01-31', balance: 1299.505 }), 400, { in: 'body', name: 'balance' });

    await call(app, 'POST', '/manage/transactions/status', { ids: [ids[2]], status: 'cleared' });
    const done = await call(app, 'POST', `/accounts/${account}/reconciliation`, { date: '2024-01-31', balance: 1296.3 });
    assert.equal(done.status, 200, done.text);
    assert.equal(String((done.body as { change: number }).change), done.headers['moneta-change']);
    assert.deepEqual(withoutChange(done.body), {
      account, date: '2024-01-31', statementBalance: 1296.3, clearedBalance: 1296.3, difference: 0, agrees: true, uncleared: [], unclearedCount: 0, reconciled: 3,
    });
    assert.deepEqual(await statuses(app, account), ['reconciled', 'reconciled', 'reconciled', undefined]);

    const other = await addAccount(store, { name: 'Savings' });
    const refused = assertProblem(await call(app, 'POST', '/manage/transactions/move', { filter: { to: '2024-01-01' }, account: other }), 409);
    assert.match(refused.detail ?? '', /1 chosen transaction is reconciled/);
    assertProblem(await call(app, 'POST', '/manage/transactions/status', { ids: [ids[0]], status: 'uncleared' }), 409);
    const forced = await call(app, 'POST', '/manage/transactions/move', { filter: { to: '2024-01-01' }, account: other, force: true });
    assert.deepEqual(withoutChange(forced.body), { moved: 1 });
    assert.deepEqual(await statuses(app, other), ['cleared']);
  });

  it('moves by ids or filter, refuses what it cannot do, and undo puts account and status back', async () => {
    const store = await freshStore();
    const { app, account, ids } = await setup(store);
    const pounds = await addAccount(store, { name: 'Pounds', currency: 'GBP' });
    assertProblem(await call(app, 'POST', '/manage/transactions/move', { ids, filter: { from: '2024-01-01' }, account: null }), 400, { in: 'body', name: 'ids' });
    assertProblem(await call(app, 'POST', '/manage/transactions/move', { ids, account: pounds + 1 }), 404, { in: 'body', name: 'account' });
    assertProblem(await call(app, 'POST', '/manage/transactions/move', { ids, account: pounds }), 409);

    const out = await call(app, 'POST', '/manage/transactions/move', { ids: [ids[0]], account: null });
    assert.deepEqual(withoutChange(out.body), { moved: 1 });
    assertProblem(await call(app, 'POST', '/manage/transactions/status', { ids: [ids[0]], status: 'cleared' }), 409);
    assert.equal((await call(app, 'GET', `/accounts/${account}/register`)).headers['x-total-count'], '3');

    const pending = await call(app, 'POST', '/manage/transactions/status', { filter: { from: '2024-01-02' }, status: 'pending' });
    assert.deepEqual(withoutChange(pending.body), { changed: 3 });
    assert.deepEqual(await statuses(app, account), ['pending', 'pending', 'pending']);

    const undone = await call(app, 'POST', `/changes/${(pending.body as { change: number }).change}/undo`);
    assert.equal(undone.status, 200, undone.text);
    assert.deepEqual(await statuses(app, account), [undefined, undefined, undefined]);
    const back = await call(app, 'POST', `/changes/${(out.body as { change: number }).change}/undo`);
    assert.equal(back.status, 200, back.text);
    assert.equal((await call(app, 'GET', `/accounts/${account}/register`)).headers['x-total-count'], '4');
  });
});
