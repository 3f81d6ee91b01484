import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { NewAccount } from '../../src/domain/accounts/account.js';
import { FEED_START } from '../../src/domain/change-feed.js';
import type { Store } from '../../src/store/store.js';
import { served } from '../support/change-pages.js';
import { describeEachEngine } from '../support/engines.js';

const checking = (overrides: Partial<NewAccount> = {}): NewAccount => ({
  name: 'Current account',
  type: 'checking',
  currency: 'EUR',
  bankId: 'ing',
  iban: null,
  accountNumber: null,
  openingBalance: 100.1,
  openingDate: '2024-01-01',
  ...overrides,
});

async function created(store: Store, account: NewAccount = checking()) {
  const outcome = await store.accounts.create(account);
  assert.equal(outcome.status, 'created');
  if (outcome.status !== 'created') throw new Error('not created');
  return outcome.account;
}

describeEachEngine('Accounts', ({ freshStore }) => {
  it('keeps the balance: opening plus every transaction, exact, cleared and pending apart', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const account = await created(store);
    const add = (value: number, status: 'pending' | 'cleared' | null, date = '2024-02-01') =>
      store.transactions.create({ date, description: 'x', value, bank: 'ing', account: account.id, status });
    await add(0.1, 'cleared');
    await add(0.2, 'cleared', '2024-02-03');
    await add(-50.25, null);
    await add(-9.99, 'pending', '2024-02-05');
    // A value that is not a whole number of cents (kept exactly, though no EUR amount has three decimals).
    await store.transactions.create({ date: '2024-02-02', description: 'odd', value: 0.005, bank: 'ing', account: account.id, status: 'cleared' });
    const read = await store.accounts.get(account.id);
    assert.deepEqual(read?.balance, { current: 40.165, cleared: 100.405, pending: -9.99, asOf: '2024-02-05' });
    // The list agrees with the single read.
    assert.deepEqual((await store.accounts.list()).map((a) => a.balance), [read?.balance]);
  });

  it('follows trash, restore and a transaction of another account', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const a = await created(store, checking({ openingBalance: null, openingDate: null }));
    const b = await created(store, checking({ name: 'Savings', type: 'savings', openingBalance: 1000, openingDate: '2024-01-01' }));
    const one = await store.transactions.create({ date: '2024-03-01', description: 'a', value: 12.34, bank: 'ing', account: a.id });
    await store.transactions.create({ date: '2024-03-01', description: 'b', value: -1, bank: 'ing', account: b.id });
    assert.equal((await store.accounts.get(a.id))?.balance.current, 12.34);
    await store.transactions.delete({ ids: [one.id] }, Date.now(), { reason: 'request' });
    assert.deepEqual((await store.accounts.get(a.id))?.balance, { current: 0, cleared: 0, pending: 0, asOf: null });
    await store.trash.restore([one.id]);
    assert.equal((await store.accounts.get(a.id))?.balance.current, 12.34);
    assert.equal((await store.accounts.get(b.id))?.balance.current, 999);
  });

  it('refuses a taken name and an unknown bank, and changes nothing', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    await created(store);
    assert.deepEqual(await store.accounts.create(checking()), { status: 'name-taken' });
    assert.deepEqual(await store.accounts.create(checking({ name: 'Other', bankId: 'nope' })), { status: 'unknown-bank' });
    assert.equal((await store.accounts.list()).length, 1);
  });

  it('updates, refuses a currency change while it holds transactions, and removes saying where rows go', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const a = await created(store);
    const b = await created(store, checking({ name: 'Second' }));
    const gbp = await created(store, checking({ name: 'Pounds', currency: 'GBP' }));
    const row = await store.transactions.create({ date: '2024-03-01', description: 'a', value: 5, bank: 'ing', account: a.id, status: 'cleared' });
    const updated = await store.accounts.update(a.id, { name: 'Renamed', closedOn: '2024-12-31' });
    assert.equal(updated.status, 'updated');
    assert.deepEqual(await store.accounts.update(a.id, { currency: 'USD' }), { status: 'currency-in-use', transactions: 1 });
    assert.deepEqual(await store.accounts.update(a.id, { name: 'Second' }), { status: 'name-taken' });
    assert.deepEqual(await store.accounts.remove(a.id, undefined, false, 0), { status: 'in-use', transactions: 1 });
    assert.deepEqual(await store.accounts.remove(a.id, { transactions: 'move', moveTo: gbp.id }, false, 0), {
      status: 'currency-differs',
      currency: 'EUR',
      targetCurrency: 'GBP',
    });
    const removed = await store.accounts.remove(a.id, { transactions: 'move', moveTo: b.id }, false, 0);
    assert.deepEqual(removed, { status: 'removed', transactions: 'move', moved: 1, unassigned: 0, trashed: 0 });
    assert.equal((await store.transactions.findById(row.id))?.account, b.id);
    assert.equal((await store.accounts.get(b.id))?.balance.current, 105.1);
    assert.equal(await store.accounts.get(a.id), null);
    const unassigned = await store.accounts.remove(b.id, { transactions: 'unassign' }, false, 0);
    assert.deepEqual(unassigned, { status: 'removed', transactions: 'unassign', moved: 0, unassigned: 1, trashed: 0 });
    const plain = await store.transactions.findById(row.id);
    assert.equal(plain?.account, null);
    assert.equal(plain?.status, null);
  });

  it('lists an account in the change feed, its removal too, and the rows moved out of it', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const a = await created(store, checking({ iban: 'DE89370400440532013000' }));
    await store.transactions.create({ date: '2024-03-01', description: 'a', value: 5, bank: 'ing', account: a.id, status: 'pending' });
    const before = served(await store.changes.after(FEED_START, 100));
    assert.deepEqual(
      before.changes.map((change) => `${change.type}:${change.op}`),
      ['bank:put', 'account:put', 'transaction:put'],
    );
    const put = before.changes.find((change) => change.type === 'account');
    assert.deepEqual(put, { type: 'account', op: 'put', account: a });
    assert.equal(a.iban, 'DE89370400440532013000');
    await store.accounts.remove(a.id, { transactions: 'unassign' }, false, 0);
    const after = served(await store.changes.after(before.next, 100));
    assert.deepEqual(
      after.changes.map((change) => (change.type === 'transaction' && change.op === 'put' ? `put:${change.transaction.account}` : `${change.type}:${change.op}`)),
      ['put:null', 'account:delete'],
    );
    // The same page as JSON (SQLite writes it in SQL) reads as the objects do.
    const json = served(await store.changes.afterJson(FEED_START, 100));
    assert.match(json.json, /"type":"account","op":"delete","id":1\}/);
  });
});

describeEachEngine('Accounts and banks', ({ freshStore }) => {
  it('a removed bank leaves its accounts at the bank its rows moved to, or at none', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    await store.catalogue.addBank({ id: 'n26', name: 'N26', aggregatorId: null });
    await store.catalogue.addBank({ id: 'dkb', name: 'DKB', aggregatorId: null });
    const a = await created(store);
    const b = await created(store, checking({ name: 'Empty', bankId: 'dkb' }));
    await store.transactions.create({ date: '2024-03-01', description: 'a', value: 5, bank: 'ing', account: a.id });
    const removed = await store.catalogue.removeBankWith('ing', { transactions: 'move', moveTo: 'n26', deletedAt: 0 });
    assert.equal(removed.status, 'removed');
    assert.equal((await store.accounts.find(a.id))?.bankId, 'n26');
    assert.deepEqual(await store.catalogue.removeBank('dkb'), { status: 'removed' });
    assert.equal((await store.accounts.find(b.id))?.bankId, null);
  });
});
