import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

function assertProblem(response: JsonResponse, status: number, field?: { in: string; name: string }): void {
  assert.equal(response.status, status, response.text);
  if (field) {
    const errors = (response.body as { errors: { in: string; name: string }[] }).errors;
    assert.ok(errors.some((error) => error.in === field.in && error.name === field.name), `expected ${field.in} ${field.name}: ${response.text}`);
  }
}

async function setup(freshStore: () => Promise<import('../../src/store/store.js').Store>): Promise<FastifyInstance> {
  const app = await buildTestApp(await freshStore());
  assert.equal((await call(app, 'POST', '/manage/banks', { id: 'ing', name: 'ING' })).status, 201);
  return app;
}

const GIRO = { name: 'Giro', type: 'checking', currency: 'EUR', bankId: 'ing', iban: 'DE89 3704 0044 0532 0130 00', openingBalance: 250.5, openingDate: '2024-01-01' };

describeEachEngine('HTTP accounts: listAccounts, createAccount, getAccount, updateAccount, deleteAccount', ({ freshStore }) => {
  it('creates an account, answers its change, lists it with its balance and a masked IBAN, reads it whole', async () => {
    const app = await setup(freshStore);
    const created = await call(app, 'POST', '/accounts', GIRO);
    assert.equal(created.status, 201, created.text);
    assert.match(String(created.headers['moneta-change']), /^[1-9][0-9]*$/);
    const account = created.body as { id: number; iban: string; ibanMasked: string; balance: unknown };
    assert.equal(created.headers.location, `/accounts/${account.id}`);
    assert.equal(account.iban, 'DE89370400440532013000', 'stored without spaces');
    assert.equal(account.ibanMasked, 'DE89 •••• 3000');
    assert.deepEqual(account.balance, { current: 250.5, cleared: 250.5, pending: 0, asOf: '2024-01-01' });

    const row = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'Rent', value: -100.25, account: account.id, status: 'cleared' });
    assert.equal(row.status, 201, row.text);
    assert.deepEqual(row.body, { date: '2024-02-01', description: 'Rent', value: -100.25, id: 1, bank: 'ing', account: account.id, status: 'cleared' });
    const pending = await call(app, 'POST', '/transactions', { date: '2024-02-02', description: 'Card', value: -9.99, account: account.id, status: 'pending' });
    assert.equal(pending.status, 201);

    const list = await call(app, 'GET', '/accounts');
    assert.equal(list.status, 200);
    const [listed] = list.body as Array<Record<string, unknown>>;
    assert.equal(listed?.iban, undefined, 'a list shows the IBAN masked only');
    assert.equal(listed?.ibanMasked, 'DE89 •••• 3000');
    assert.deepEqual(listed?.balance, { current: 140.26, cleared: 150.25, pending: -9.99, asOf: '2024-02-02' });
    const one = await call(app, 'GET', `/accounts/${account.id}`);
    assert.equal((one.body as { iban: string }).iban, 'DE89370400440532013000');

    // The seed's answers do not change for a transaction in no account.
    const plain = await call(app, 'POST', '/transactions', { date: '2024-02-03', description: 'Cash', value: 5 });
    assert.deepEqual(plain.body, { date: '2024-02-03', description: 'Cash', value: 5, id: 3 });
    const filtered = await call(app, 'GET', `/transactions?account=${account.id}`);
    assert.equal(filtered.headers['x-total-count'], '2');
    assert.equal((await call(app, 'GET', '/transactions?account=99')).status, 204);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const app = await setup(freshStore);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['unknown currency', { ...GIRO, currency: 'EUX' }, 'currency'],
      ['bad IBAN checksum', { ...GIRO, iban: 'DE89370400440532013001' }, 'iban'],
      ['too many decimals for the currency', { ...GIRO, openingBalance: 1.234 }, 'openingBalance'],
      ['a JPY amount with decimals', { ...GIRO, currency: 'JPY', openingBalance: 10.5 }, 'openingBalance'],
      ['opening balance without its date', { ...GIRO, openingDate: undefined }, 'openingDate'],
      ['unknown bank', { ...GIRO, bankId: 'nope' }, 'bankId'],
      ['unknown type', { ...GIRO, type: 'wallet' }, 'type'],
      ['a name with an edge space', { ...GIRO, name: 'Giro ' }, 'name'],
    ];
    for (const [what, body, field] of cases) {
      const refused = await call(app, 'POST', '/accounts', body);
      assert.equal(refused.status, 400, `${what}: ${refused.text}`);
      assertProblem(refused, 400, { in: 'body', name: field });
    }
    assert.deepEqual((await call(app, 'GET', '/accounts')).body, [], 'nothing was created');

    const created = (await call(app, 'POST', '/accounts', GIRO)).body as { id: number };
    assertProblem(await call(app, 'POST', '/accounts', GIRO), 409, { in: 'body', name: 'name' });
    assertProblem(await call(app, 'GET', '/accounts/99'), 404);
    assertProblem(await call(app, 'PATCH', `/accounts/${created.id}`, {}), 400);
    // Transactions into it are checked against the account.
    const row = { date: '2024-02-01', description: 'x', value: 1 };
    assertProblem(await call(app, 'POST', '/transactions', { ...row, value: 0.001, account: created.id }), 400, { in: 'body', name: 'value' });
    assertProblem(await call(app, 'POST', '/transactions', { ...row, account: 99 }), 400, { in: 'body', name: 'account' });
    assertProblem(await call(app, 'POST', '/transactions', { ...row, status: 'cleared' }), 400, { in: 'body', name: 'status' });
    assertProblem(await call(app, 'POST', '/transactions', { ...row, account: created.id, status: 'reconciled' }), 400, { in: 'body', name: 'status' });
    assert.equal((await call(app, 'POST', '/manage/banks', { id: 'n26', name: 'N26' })).status, 201);
    assertProblem(await call(app, 'POST', '/transactions', { ...row, account: created.id, bank: 'n26' }), 400, { in: 'body', name: 'bank' });
    assert.equal((await call(app, 'GET', '/transactions')).status, 204, 'no transaction was created');
  });

  it('closes and reopens, refuses a closed account new rows, a currency change with rows, and removal without a choice', async () => {
    const app = await setup(freshStore);
    const { id } = (await call(app, 'POST', '/accounts', GIRO)).body as { id: number };
    const other = ((await call(app, 'POST', '/accounts', { ...GIRO, name: 'Second', iban: undefined })).body as { id: number }).id;
    const pounds = ((await call(app, 'POST', '/accounts', { name: 'Pounds', type: 'savings', currency: 'GBP' })).body as { id: number }).id;
    assert.equal((await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'x', value: 7, account: id })).status, 201);
    const closed = await call(app, 'PATCH', `/accounts/${id}`, { closedOn: '2024-12-31', name: 'Old giro' });
    assert.equal(closed.status, 200, closed.text);
    assert.equal((closed.body as { closedOn: string }).closedOn, '2024-12-31');
    assertProblem(await call(app, 'POST', '/transactions', { date: '2025-01-02', description: 'y', value: 1, account: id }), 400, { in: 'body', name: 'account' });
    assert.equal((await call(app, 'PATCH', `/accounts/${id}`, { closedOn: null })).status, 200);
    assertProblem(await call(app, 'PATCH', `/accounts/${id}`, { currency: 'USD' }), 409, { in: 'body', name: 'currency' });
    assertProblem(await call(app, 'PATCH', `/accounts/${id}`, { openingBalance: null }), 400, { in: 'body', name: 'openingDate' });

    assertProblem(await call(app, 'DELETE', `/accounts/${id}`), 409, { in: 'query', name: 'transactions' });
    assertProblem(await call(app, 'DELETE', `/accounts/${id}?transactions=move`), 400, { in: 'query', name: 'moveTo' });
    assertProblem(await call(app, 'DELETE', `/accounts/${id}?transactions=move&moveTo=${pounds}`), 409, { in: 'query', name: 'moveTo' });
    const removed = await call(app, 'DELETE', `/accounts/${id}?transactions=move&moveTo=${other}`);
    assert.equal(removed.status, 200, removed.text);
    const body = removed.body as Record<string, unknown>;
    assert.deepEqual({ ...body, change: undefined }, { id, transactions: 'move', moved: 1, unassigned: 0, trashed: 0, change: undefined });
    assert.equal(typeof body.change, 'number');
    assertProblem(await call(app, 'GET', `/accounts/${id}`), 404);
    assert.equal(((await call(app, 'GET', `/accounts/${other}`)).body as { balance: { current: number } }).balance.current, 257.5);
    const trashed = await call(app, 'DELETE', `/accounts/${other}?transactions=trash`);
    assert.equal((trashed.body as { trashed: number }).trashed, 1);
    const restored = await call(app, 'POST', '/manage/trash/restore', { ids: [1] });
    assert.equal(restored.status, 200, restored.text);
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { date: '2024-02-01', description: 'x', value: 7, id: 1, bank: 'ing' }, 'back in no account');
  });
});

describeEachEngine('HTTP accounts: reconciled transactions stay put', ({ freshStore }) => {
  it('a delete of reconciled transactions is refused naming force, moves nothing, and goes with force', async () => {
    const app = await setup(freshStore);
    const { id } = (await call(app, 'POST', '/accounts', GIRO)).body as { id: number };
    const row = (await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'Rent', value: -100.25, account: id, status: 'cleared' })).body as { id: number };
    const other = (await call(app, 'POST', '/transactions', { date: '2024-02-02', description: 'Later', value: -1, account: id })).body as { id: number };
    const reconciled = await call(app, 'POST', `/accounts/${id}/reconciliation`, { date: '2024-02-01', balance: 150.25 });
    assert.equal(reconciled.status, 200, reconciled.text);
    assertProblem(await call(app, 'POST', '/manage/transactions/delete', { ids: [row.id, other.id] }), 409, { in: 'body', name: 'force' });
    assert.equal((await call(app, 'GET', `/transactions?account=${id}`)).headers['x-total-count'], '2', 'nothing moved');
    const forced = await call(app, 'POST', '/manage/transactions/delete', { ids: [row.id, other.id], force: true });
    assert.equal(forced.status, 200, forced.text);
    assert.equal((forced.body as { deleted: number }).deleted, 2);
  });
});
