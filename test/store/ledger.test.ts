import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { RegisterQuery } from '../../src/domain/accounts/ledger.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';
import { addAccount, modelSum, storedRows, withChange } from '../support/ledger.js';

const page = (overrides: Partial<RegisterQuery> = {}): RegisterQuery => ({ limit: 100, offset: 0, order: 'newest', ...overrides });

/** Creates rows and moves them into `account` (one move: a change of its own). */
async function rowsIn(store: Store, account: number, rows: Array<[string, number]>): Promise<number[]> {
  const ids: number[] = [];
  for (const [date, value] of rows) ids.push((await store.transactions.create({ date, description: `row ${date} ${value}`, value })).id);
  const moved = await store.ledger.move({ ids }, account, false);
  assert.deepEqual(moved, { status: 'moved', moved: ids.length });
  return ids;
}

const ROWS: Array<[string, number]> = [
  ['2024-01-05', 100],
  ['2024-01-03', -20.5],
  ['2024-01-05', 0.005],
  ['2024-02-10', -0.1],
  ['2024-01-03', 12.34],
  ['2024-03-01', 1e-9],
  ['2024-02-10', 0.2],
];

describeEachEngine('Ledger: register', ({ freshStore }) => {
  it('gives each row the balance after it, exactly, newest or oldest first, on any page', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current', opening: 1000.01 });
    await rowsIn(store, account, ROWS);
    const stored = (await storedRows(store)).filter((row) => row.account === account).sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
    const expected = stored.map((row, index) => ({ id: row.id, balance: modelSum([1000.01, ...stored.slice(0, index + 1).map((r) => r.value)]) }));

    const oldest = await store.ledger.register(account, page({ order: 'oldest' }));
    assert.equal(oldest?.total, ROWS.length);
    assert.deepEqual(oldest?.rows.map((row) => ({ id: row.transaction.id, balance: row.balance })), expected);
    const newest = await store.ledger.register(account, page());
    assert.deepEqual(newest?.rows.map((row) => ({ id: row.transaction.id, balance: row.balance })), [...expected].reverse());
    assert.equal(newest?.rows[0]?.balance, 1091.955000001);

    for (let offset = 0; offset < ROWS.length; offset++) {
      for (const order of ['newest', 'oldest'] as const) {
        const one = await store.ledger.register(account, page({ order, offset, limit: 2 }));
        const all = order === 'oldest' ? expected : [...expected].reverse();
        assert.deepEqual(one?.rows.map((row) => ({ id: row.transaction.id, balance: row.balance })), all.slice(offset, offset + 2), `${order} at ${offset}`);
      }
    }
  });

  it('starts a deep page from the kept daily counts: the same rows and balances as stepping over them', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current', opening: 5 });
    const ids: number[] = [];
    for (let n = 0; n < 450; n++) {
      const date = `2024-03-${String(1 + ((n * 7) % 30)).padStart(2, '0')}`;
      ids.push((await store.transactions.create({ date, description: `row ${n}`, value: n % 9 === 0 ? 0.001 * n : n - 200.25, account })).id);
    }
    await store.transactions.delete({ ids: ids.filter((_, n) => n % 50 === 3) }, Date.now(), { reason: 'request' });
    for (const range of [{}, { from: '2024-03-04', to: '2024-03-27' }]) {
      for (const order of ['newest', 'oldest'] as const) {
        const whole = await store.ledger.register(account, page({ ...range, order, limit: 1000 }));
        const all = whole!.rows.map((row) => [row.transaction.id, row.balance]);
        assert.equal(whole?.total, all.length);
        for (const offset of [199, 200, 201, 257, all.length - 3, all.length, all.length + 40]) {
          const deep = await store.ledger.register(account, page({ ...range, order, offset, limit: 25 }));
          assert.deepEqual(deep?.rows.map((row) => [row.transaction.id, row.balance]), all.slice(offset, offset + 25), `${order} ${JSON.stringify(range)} at ${offset}`);
        }
      }
    }
  });

  it('narrows the rows by date, not the balances, and counts the range', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current', opening: null });
    await rowsIn(store, account, ROWS);
    const february = await store.ledger.register(account, page({ from: '2024-02-01', to: '2024-02-29', order: 'oldest' }));
    assert.equal(february?.total, 2);
    assert.deepEqual(february?.rows.map((row) => row.balance), [91.745, 91.945]);
    assert.equal(february?.rows[0]?.transaction.value, -0.1);
  });

  it('answers null for an account that does not exist, and an empty page past the end', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current' });
    assert.equal(await store.ledger.register(account + 1, page()), null);
    assert.deepEqual(await store.ledger.register(account, page({ offset: 10 })), { account: { id: account, currency: 'EUR', openingBalance: null }, total: 0, rows: [] });
  });
});

describeEachEngine('Ledger: balances and net worth', ({ freshStore }) => {
  it('gives the balance at the end of each period, exactly, counting the days before the first', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current', opening: 50 });
    await rowsIn(store, account, ROWS);
    const history = await store.ledger.balances(account, ['2024-01-04', '2024-01-31', '2024-02-29', '2024-03-01']);
    assert.deepEqual(history?.points, [
      { date: '2024-01-04', balance: 41.84 },
      { date: '2024-01-31', balance: 141.845 },
      { date: '2024-02-29', balance: 141.945 },
      { date: '2024-03-01', balance: 141.945000001 },
    ]);
    assert.equal(await store.ledger.balances(account + 1, ['2024-01-01']), null);
  });

  it('adds the accounts of each currency, never two currencies together', async () => {
    const store = await freshStore();
    const a = await addAccount(store, { name: 'A', opening: 10 });
    const b = await addAccount(store, { name: 'B', opening: 0.1 });
    const c = await addAccount(store, { name: 'C', currency: 'GBP', opening: 5 });
    await rowsIn(store, a, [['2024-01-01', 0.2], ['2024-02-01', 1]]);
    await rowsIn(store, b, [['2024-01-15', -3.3]]);
    await rowsIn(store, c, [['2024-01-20', 2.5]]);
    assert.deepEqual(await store.ledger.netWorth(['2024-01-10', '2024-01-31', '2024-02-29']), [
      { currency: 'EUR', accounts: 2, points: [{ date: '2024-01-10', balance: 10.3 }, { date: '2024-01-31', balance: 7 }, { date: '2024-02-29', balance: 8 }] },
      { currency: 'GBP', accounts: 1, points: [{ date: '2024-01-10', balance: 5 }, { date: '2024-01-31', balance: 7.5 }, { date: '2024-02-29', balance: 7.5 }] },
    ]);
  });
});

describeEachEngine('Ledger: reconciliation', ({ freshStore }) => {
  it('compares the cleared balance, lists what is not cleared, and reconciles only when they agree', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current', opening: 100 });
    const [salary, rent, coffee, later] = await rowsIn(store, account, [['2024-01-01', 2000], ['2024-01-02', -800.5], ['2024-01-03', -3.2], ['2024-02-01', -1]]);
    await store.ledger.setStatus({ ids: [salary!, rent!, later!] }, 'cleared', false);
    await store.ledger.setStatus({ ids: [coffee!] }, 'pending', false);

    const facts = await store.ledger.cleared(account, '2024-01-31');
    assert.equal(facts?.clearedBalance, 1299.5);
    assert.equal(facts?.unclearedCount, 1);
    assert.deepEqual(facts?.uncleared.map((row) => row.id), [coffee]);

    assert.deepEqual(await store.ledger.completeReconciliation(account, '2024-01-31', 1300), { status: 'differs', clearedBalance: 1299.5 });
    assert.deepEqual((await storedRows(store)).map((row) => row.status), ['cleared', 'cleared', 'pending', 'cleared']);

    const done = await store.ledger.completeReconciliation(account, '2024-01-31', 1299.5);
    assert.deepEqual(done, { status: 'reconciled', clearedBalance: 1299.5, reconciled: 2 });
    assert.deepEqual((await storedRows(store)).map((row) => row.status), ['reconciled', 'reconciled', 'pending', 'cleared']);
    assert.equal((await store.ledger.cleared(account, '2024-01-31'))?.clearedBalance, 1299.5);
    assert.deepEqual(await store.ledger.completeReconciliation(account + 1, '2024-01-31', 0), { status: 'missing' });
  });
}, { setups: EVERY_SETUP });

describeEachEngine('Ledger: moves and status', ({ freshStore }) => {
  it('refuses a move into another currency and, unless forced, a reconciled row; undo moves back', async () => {
    const store = await freshStore();
    const eur = await addAccount(store, { name: 'EUR', opening: 0 });
    const other = await addAccount(store, { name: 'EUR 2' });
    const gbp = await addAccount(store, { name: 'GBP', currency: 'GBP' });
    const [first, second] = await rowsIn(store, eur, [['2024-01-01', 10], ['2024-01-02', 20]]);
    await store.ledger.setStatus({ ids: [first!] }, 'cleared', false);
    await store.ledger.completeReconciliation(eur, '2024-01-01', 10);

    assert.deepEqual(await store.ledger.move({ ids: [first!, second!] }, gbp, false), { status: 'currency', count: 2, currency: 'GBP' });
    assert.deepEqual(await store.ledger.move({ ids: [first!, second!] }, other, false), { status: 'reconciled', count: 1 });
    assert.deepEqual(await store.ledger.move({ ids: [first!] }, other + 100, false), { status: 'missing-account' });
    assert.deepEqual(await store.ledger.setStatus({ ids: [first!] }, null, false), { status: 'reconciled', count: 1 });
    assert.deepEqual((await storedRows(store)).map((row) => [row.account, row.status]), [[eur, 'reconciled'], [eur, null]]);

    const { value, change } = await withChange(() => store.ledger.move({ filter: { from: '2024-01-01' } }, other, true));
    assert.deepEqual(value, { status: 'moved', moved: 2 });
    assert.deepEqual((await storedRows(store)).map((row) => [row.account, row.status]), [[other, 'cleared'], [other, null]]);
    assert.deepEqual((await store.ledger.register(other, page()))?.rows.map((row) => row.balance), [30, 10]);

    const undone = await store.undo.undo(change!, Date.now());
    assert.equal(undone.status, 'undone');
    assert.deepEqual((await storedRows(store)).map((row) => [row.account, row.status]), [[eur, 'reconciled'], [eur, null]]);
    assert.deepEqual((await store.ledger.register(eur, page()))?.rows.map((row) => row.balance), [30, 10]);
    assert.equal((await store.ledger.register(other, page()))?.total, 0);
  });

  it('sets a status only on rows in an account; undo gives each its own back', async () => {
    const store = await freshStore();
    const account = await addAccount(store, { name: 'Current' });
    const [a, b] = await rowsIn(store, account, [['2024-01-01', 1], ['2024-01-02', 2]]);
    const loose = (await store.transactions.create({ date: '2024-01-03', description: 'loose', value: 3 })).id;
    assert.deepEqual(await store.ledger.setStatus({ ids: [a!, loose] }, 'cleared', false), { status: 'no-account', count: 1 });
    await store.ledger.setStatus({ ids: [a!] }, 'pending', false);
    const { value, change } = await withChange(() => store.ledger.setStatus({ ids: [a!, b!] }, 'cleared', false));
    assert.deepEqual(value, { status: 'changed', changed: 2 });
    assert.equal((await store.ledger.cleared(account, '2024-12-31'))?.clearedBalance, 3);
    await store.undo.undo(change!, Date.now());
    assert.deepEqual((await storedRows(store)).map((row) => row.status), ['pending', null, null]);
    assert.equal((await store.ledger.cleared(account, '2024-12-31'))?.clearedBalance, 0);
  });
}, { setups: EVERY_SETUP });
