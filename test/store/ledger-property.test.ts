import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine } from '../support/engines.js';
import { addAccount, modelSum, storedRows, withChange, type StoredRow } from '../support/ledger.js';

/** A small seeded generator (mulberry32), so a failure can be run again exactly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPENINGS = [1000.01, null, -0.3];

/**
 * The model: each account's rows in register order, and the balance after each, computed from
 * the rows as stored (read below every repository) with a sum of its own (modelSum).
 */
function expectedRegister(rows: readonly StoredRow[], account: number, opening: number | null): Array<{ id: number; balance: number }> {
  const mine = rows.filter((row) => row.account === account).sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  const values: number[] = opening === null ? [] : [opening];
  return mine.map((row) => {
    values.push(row.value);
    return { id: row.id, balance: modelSum(values) };
  });
}

async function checkBalances(store: Store, accounts: readonly number[], step: string): Promise<void> {
  const rows = await storedRows(store);
  for (const [index, account] of accounts.entries()) {
    const expected = expectedRegister(rows, account, OPENINGS[index] ?? null);
    const newest: Array<{ id: number; balance: number }> = [];
    for (let offset = 0; ; offset += 7) {
      const page = await store.ledger.register(account, { limit: 7, offset, order: 'newest' });
      assert.equal(page?.total, expected.length, `${step}: account ${account}'s count`);
      if (!page || page.rows.length === 0) break;
      newest.push(...page.rows.map((row) => ({ id: row.transaction.id, balance: row.balance })));
    }
    assert.deepEqual(newest, [...expected].reverse(), `${step}: account ${account}'s register, newest first`);
    const oldest = await store.ledger.register(account, { limit: 1000, offset: 0, order: 'oldest' });
    assert.deepEqual(oldest?.rows.map((row) => ({ id: row.transaction.id, balance: row.balance })), expected, `${step}: oldest first`);
    const last = expected[expected.length - 1]?.balance ?? OPENINGS[index] ?? 0;
    const history = await store.ledger.balances(account, ['2024-01-10', '2024-12-31']);
    assert.equal(history?.points[1]?.balance, last, `${step}: account ${account}'s balance at the end`);
  }
}

describeEachEngine('Ledger: balances under random operations', ({ freshStore }) => {
  it('stay the opening balance plus the account rows, to the cent, after creates, imports, trash, restore, moves, status changes and undo', async () => {
    const next = random(23);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const accounts: number[] = [];
    for (const [index, opening] of OPENINGS.entries()) accounts.push(await addAccount(store, { name: `Account ${index}`, opening }));
    const changes: number[] = [];
    const noted = async (write: () => Promise<unknown>) => {
      const { change } = await withChange(write);
      if (change !== undefined) changes.push(change);
    };
    const value = () => (next() < 0.1 ? Math.round((next() - 0.5) * 1e6) / 1e9 : Math.round((next() - 0.5) * 200000) / 100);
    const date = () => `2024-01-${String(1 + Math.floor(next() * 20)).padStart(2, '0')}`;
    const target = () => (next() < 0.15 ? null : pick(accounts)!);
    let imports = 0;
    const seen = new Map<string, number>();
    for (let step = 0; step < 300; step++) {
      const live = (await storedRows(store)).map((row) => row.id);
      const some = () => live.filter(() => next() < 0.2);
      const roll = next();
      let label: string;
      if (roll < 0.3 || live.length < 5) {
        label = 'create';
        const created = await store.transactions.create({ date: date(), description: `row ${step}`, value: value() });
        await noted(() => store.ledger.move({ ids: [created.id] }, target(), false));
      } else if (roll < 0.38) {
        label = 'import';
        const session = await store.imports.begin('ing', { fileName: `s${imports}.csv`, format: 'csv', profile: null, importedAt: 1 });
        const rows = Array.from({ length: 3 }, (_, n) => ({ key: `k${imports}-${n}`, date: date(), description: `imported ${imports}`, value: value(), category: null }));
        await session.insertNew(rows);
        await session.commit();
        imports++;
        const fresh = (await storedRows(store)).filter((row) => !live.includes(row.id)).map((row) => row.id);
        await noted(() => store.ledger.move({ ids: fresh }, pick(accounts)!, false));
      } else if (roll < 0.5) {
        label = 'trash';
        const ids = some();
        if (ids.length > 0) await noted(() => store.transactions.delete({ ids }, Date.now(), { reason: 'request' }));
      } else if (roll < 0.58) {
        label = 'restore';
        const trashed = (await store.trash.list(1000, 0)).rows.map((row) => row.transaction.id).filter(() => next() < 0.5);
        if (trashed.length > 0) await noted(() => store.trash.restore(trashed));
      } else if (roll < 0.72) {
        label = 'move';
        const ids = some();
        if (ids.length > 0) await noted(() => store.ledger.move({ ids }, target(), next() < 0.5));
      } else if (roll < 0.84) {
        label = 'status';
        const inAccount = (await storedRows(store)).filter((row) => row.account !== null && next() < 0.3).map((row) => row.id);
        if (inAccount.length > 0) await noted(() => store.ledger.setStatus({ ids: inAccount }, pick(['cleared', 'pending', null] as const)!, next() < 0.5));
      } else if (roll < 0.9) {
        label = 'reconcile';
        const account = pick(accounts)!;
        const facts = await store.ledger.cleared(account, '2024-01-10');
        let done: unknown;
        await noted(async () => (done = await store.ledger.completeReconciliation(account, '2024-01-10', facts!.clearedBalance)));
        assert.equal((done as { status: string }).status, 'reconciled');
      } else {
        label = 'undo';
        const change = pick(changes);
        if (change !== undefined && (await store.undo.undo(change, Date.now())).status === 'undone') seen.set('undone', (seen.get('undone') ?? 0) + 1);
      }
      seen.set(label, (seen.get(label) ?? 0) + 1);
      if (step % 10 === 9) await checkBalances(store, accounts, `step ${step} (${label})`);
    }
    await checkBalances(store, accounts, 'the end');
    // Every kind of operation ran, and undo did undo (the seed is fixed; this guards the test itself).
    for (const label of ['create', 'import', 'trash', 'restore', 'move', 'status', 'reconcile', 'undone']) assert.ok((seen.get(label) ?? 0) >= 3, `${label}: ${seen.get(label)}`);
    const rows = await storedRows(store);
    assert.ok(rows.some((row) => row.status === 'reconciled') && rows.some((row) => row.account === null), 'reconciled rows and rows in no account remain');
  });
});
