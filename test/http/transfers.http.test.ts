import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import { addAccount, storedRows } from '../support/ledger.js';

interface Side {
  transactionId: number;
  accountId?: number;
  date: string;
  value: number;
}
interface TransferBody {
  id: number;
  status: string;
  outflowTransactionId: number;
  inflowTransactionId: number;
  outflow: Side;
  inflow: Side;
  change?: number;
}
interface SuggestionBody {
  outflowTransactionId: number;
  inflowTransactionId: number;
  score: number;
  reason: string;
}

function assertProblem(response: JsonResponse, status: number, name?: string): void {
  assert.equal(response.status, status, response.text);
  if (name) {
    const errors = (response.body as { errors?: Array<{ name: string }> }).errors ?? [];
    assert.ok(errors.some((error) => error.name === name), `expected ${name} in ${response.text}`);
  }
}

/** Two EUR accounts and a USD one. */
async function setup(store: Store) {
  const app = await buildTestApp(store);
  const current = await addAccount(store, { name: 'Current' });
  const savings = await addAccount(store, { name: 'Savings' });
  const dollars = await addAccount(store, { name: 'Dollars', currency: 'USD' });
  return { app, current, savings, dollars };
}

async function row(app: FastifyInstance, account: number, date: string, value: number, description = `row ${value}`): Promise<number> {
  const created = await call(app, 'POST', '/transactions', { date, description, value, account });
  assert.equal(created.status, 201, created.text);
  return (created.body as { id: number }).id;
}

async function transfers(app: FastifyInstance): Promise<TransferBody[]> {
  const list = await call(app, 'GET', '/transfers');
  assert.equal(list.status, 200, list.text);
  return list.body as TransferBody[];
}

describeEachEngine('Transfers over HTTP', ({ freshStore }) => {
  it('creates both transactions and their confirmed link in one change', async () => {
    const store = await freshStore();
    const { app, current, savings } = await setup(store);
    const created = await call(app, 'POST', '/transfers', { date: '2024-03-01', description: 'To savings', from: { accountId: current, amount: 250.5 }, to: { accountId: savings } });
    assert.equal(created.status, 201, created.text);
    const body = created.body as TransferBody;
    assert.equal(body.status, 'confirmed');
    assert.equal(Number(created.headers['moneta-change']), body.change);
    assert.deepEqual(body.outflow, { transactionId: body.outflowTransactionId, accountId: current, date: '2024-03-01', value: -250.5, description: 'To savings' });
    assert.deepEqual(body.inflow, { transactionId: body.inflowTransactionId, accountId: savings, date: '2024-03-01', value: 250.5, description: 'To savings' });
    const rows = (await storedRows(store)).map(({ id, value, account }) => ({ id, value, account }));
    assert.deepEqual(rows, [
      { id: body.outflowTransactionId, value: -250.5, account: current },
      { id: body.inflowTransactionId, value: 250.5, account: savings },
    ]);
    // The seed's read of either row is the seed's shape (no transfer field added to it).
    const read = await call(app, 'GET', `/transactions/${body.outflowTransactionId}`);
    assert.deepEqual(read.body, { date: '2024-03-01', description: 'To savings', value: -250.5, id: body.outflowTransactionId, account: current });
    assert.deepEqual((await transfers(app)).map((transfer) => transfer.id), [body.id]);
  });

  it('refuses a bad transfer with 400 naming the field, and makes nothing', async () => {
    const store = await freshStore();
    const { app, current, savings, dollars } = await setup(store);
    const base = { date: '2024-03-01', description: 'x' };
    assertProblem(await call(app, 'POST', '/transfers', { ...base, from: { accountId: current, amount: 10 }, to: { accountId: current } }), 400, 'to.accountId');
    assertProblem(await call(app, 'POST', '/transfers', { ...base, from: { accountId: current, amount: 10 }, to: { accountId: dollars } }), 400, 'to.amount');
    assertProblem(await call(app, 'POST', '/transfers', { ...base, from: { accountId: current, amount: 10.001 }, to: { accountId: savings } }), 400, 'from.amount');
    assertProblem(await call(app, 'POST', '/transfers', { ...base, from: { accountId: 999, amount: 10 }, to: { accountId: savings } }), 400, 'from.accountId');
    assertProblem(await call(app, 'POST', '/transfers', { ...base, from: { accountId: current, amount: -1 }, to: { accountId: savings } }), 400);
    assert.deepEqual(await storedRows(store), []);
    assert.deepEqual(await transfers(app), []);
    const crossed = await call(app, 'POST', '/transfers', { ...base, from: { accountId: current, amount: 100 }, to: { accountId: dollars, amount: 108.25 } });
    assert.equal(crossed.status, 201, crossed.text);
    assert.equal((crossed.body as TransferBody).inflow.value, 108.25);
  });

  it('links two existing rows, refuses wrong signs, one account, and a row already linked (409)', async () => {
    const { app, current, savings } = await setup(await freshStore());
    const out = await row(app, current, '2024-03-01', -40);
    const into = await row(app, savings, '2024-03-02', 40);
    const other = await row(app, current, '2024-03-02', 40);
    assertProblem(await call(app, 'POST', '/transfers/link', { outflowTransactionId: into, inflowTransactionId: out }), 400, 'outflowTransactionId');
    assertProblem(await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: other }), 400, 'inflowTransactionId');
    assertProblem(await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: 9999 }), 400, 'inflowTransactionId');
    const linked = await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: into });
    assert.equal(linked.status, 201, linked.text);
    const transfer = linked.body as TransferBody;
    assert.equal(transfer.status, 'confirmed');
    assertProblem(await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: into }), 409, 'outflowTransactionId');

    const unlinked = await call(app, 'DELETE', `/transfers/${transfer.id}`);
    assert.equal(unlinked.status, 200, unlinked.text);
    assert.deepEqual(await transfers(app), []);
    assert.equal((await call(app, 'GET', `/transactions/${out}`)).status, 200, 'both rows stay');
    assert.equal((await call(app, 'GET', `/transactions/${into}`)).status, 200);
    assertProblem(await call(app, 'DELETE', `/transfers/${transfer.id}`), 404);

    // A link whose other row went to the trash counts nowhere, and gives way to a new one.
    const relinked = await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: into });
    assert.equal(relinked.status, 201, relinked.text);
    assert.equal((await call(app, 'POST', '/manage/transactions/delete', { ids: [into] })).status, 200);
    assert.deepEqual(await transfers(app), []);
    const again = await row(app, savings, '2024-03-03', 40);
    const replaced = await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: again });
    assert.equal(replaced.status, 201, replaced.text);
    assert.deepEqual((await transfers(app)).map((t) => t.inflowTransactionId), [again]);
  });

  it('suggests opposite amounts in two accounts of one currency within the window, and never a rejected pair again', async () => {
    const store = await freshStore();
    const { app, current, savings, dollars } = await setup(store);
    const out = await row(app, current, '2024-03-01', -500, 'TRANSFER TO SAVINGS');
    const into = await row(app, savings, '2024-03-03', 500, 'FROM CURRENT');
    const far = await row(app, savings, '2024-03-20', 500);
    await row(app, dollars, '2024-03-01', 500);
    await row(app, current, '2024-03-01', 500);
    const suggested = await call(app, 'GET', '/transfers/suggestions');
    assert.equal(suggested.status, 200, suggested.text);
    const [first, ...rest] = suggested.body as SuggestionBody[];
    assert.deepEqual(rest, []);
    assert.deepEqual([first?.outflowTransactionId, first?.inflowTransactionId], [out, into]);
    assert.equal(first?.score, 0.86, "0.5 for the amount, 0.35 × (1 − 2/5) for two days of a 4-day window, 0.15 for the word");
    assert.match(first?.reason ?? '', /2 days apart; "TRANSFER" in the description/);
    // A wider window finds the far row too, but each row pairs once: still the nearer one.
    const wide = (await call(app, 'GET', '/transfers/suggestions?windowDays=31')).body as SuggestionBody[];
    assert.deepEqual(wide.map((pair) => pair.inflowTransactionId), [into]);

    const rejected = await call(app, 'POST', '/transfers/suggestions/reject', { outflowTransactionId: out, inflowTransactionId: into });
    assert.equal(rejected.status, 204, rejected.text);
    assert.deepEqual((await call(app, 'GET', '/transfers/suggestions')).body, []);
    const next = (await call(app, 'GET', '/transfers/suggestions?windowDays=31')).body as SuggestionBody[];
    assert.deepEqual(next.map((pair) => [pair.outflowTransactionId, pair.inflowTransactionId]), [[out, far]]);

    await store.accounts.saveSetting('transferWindowDays', '31');
    assert.equal(((await call(app, 'GET', '/transfers/suggestions')).body as SuggestionBody[]).length, 1, 'the setting widens the window');
    const linked = await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: far });
    assert.equal(linked.status, 201);
    assert.deepEqual((await call(app, 'GET', '/transfers/suggestions')).body, [], 'a linked row is suggested no more');
  });

  it("names the transfers an import found in its report, kept as suggested until confirmed; reports count them until then", async () => {
    const store = await freshStore();
    const app = await buildTestApp(store);
    assert.equal((await call(app, 'POST', '/manage/banks', { id: 'dkb', name: 'DKB' })).status, 201);
    const current = await addAccount(store, { name: 'Current' });
    const created = await call(app, 'POST', '/accounts', { name: 'Savings', type: 'savings', currency: 'EUR', bankId: 'dkb' });
    const savings = (created.body as { id: number }).id;
    const out = await row(app, current, '2024-03-01', -321.45, 'TRANSFER TO SAVINGS');
    await row(app, current, '2024-03-01', -5, 'COFFEE');
    const csv = 'Date,Description,Amount\n2024-03-02,FROM CURRENT,321.45\n2024-03-02,INTEREST,0.12\n';
    const imported = await call(app, 'POST', `/imports?account=${savings}&fileName=savings.csv`, csv, { 'content-type': 'application/octet-stream' });
    assert.equal(imported.status, 200, imported.text);
    const found = (imported.body as { transfers?: TransferBody[] }).transfers ?? [];
    assert.deepEqual(found.map((t) => [t.status, t.outflowTransactionId, t.inflow.value]), [['suggested', out, 321.45]]);
    const totals = async () => (await call(app, 'GET', '/reports/totals')).body as { count: number };
    assert.equal((await totals()).count, 4, 'a suggested transfer still counts');
    const confirmed = await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: found[0]!.inflowTransactionId });
    assert.equal(confirmed.status, 201, confirmed.text);
    assert.equal((confirmed.body as TransferBody).id, found[0]!.id, 'linking the pair confirms the suggested transfer');
    assert.equal((await totals()).count, 2, 'a confirmed one does not');
  });

  it('undoes a create (both rows and the link go), a link and an unlink', async () => {
    const store = await freshStore();
    const { app, current, savings } = await setup(store);
    const undo = async (change: number | undefined) => {
      const response = await call(app, 'POST', `/changes/${change}/undo`);
      assert.equal(response.status, 200, response.text);
      return (response.body as { change: number }).change;
    };
    const created = (await call(app, 'POST', '/transfers', { date: '2024-03-01', description: 'x', from: { accountId: current, amount: 5 }, to: { accountId: savings } })).body as TransferBody;
    const undone = await undo(created.change);
    assert.deepEqual(await storedRows(store), []);
    assert.deepEqual(await transfers(app), []);
    await undo(undone);
    assert.deepEqual((await transfers(app)).map((transfer) => transfer.id), [created.id], 'undoing the undo brings rows and link back');

    const out = await row(app, current, '2024-04-01', -9);
    const into = await row(app, savings, '2024-04-01', 9);
    const linked = (await call(app, 'POST', '/transfers/link', { outflowTransactionId: out, inflowTransactionId: into })).body as TransferBody;
    await undo(linked.change);
    assert.deepEqual((await transfers(app)).map((transfer) => transfer.id), [created.id]);
    const unlinked = (await call(app, 'DELETE', `/transfers/${created.id}`)).body as TransferBody;
    assert.deepEqual(await transfers(app), []);
    await undo(unlinked.change);
    assert.deepEqual((await transfers(app)).map((transfer) => transfer.id), [created.id]);
  });
});
