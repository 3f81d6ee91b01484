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
    const mine = rows.filter((row) => row.account === account);
    const opening = OPENINGS[index] ?? null;
    const sum = (chosen: readonly StoredRow[], withOpening: boolean) => modelSum([...(withOpening && opening !== null ? [opening] : []), ...chosen.map((row) => row.value)]);
    const cleared = mine.filter((row) => row.status === 'cleared' || row.status === 'reconciled');
    const balance = (await store.accounts.get(account))?.balance;
    assert.deepEqual(
      { current: balance?.current, cleared: balance?.cleared, pending: balance?.pending },
      { current: sum(mine, true), cleared: sum(cleared, true), pending: sum(mine.filter((row) => row.status === 'pending'), false) },
      `${step}: account ${account}'s balance`,
    );
    assert.equal((await store.ledger.cleared(account, '2024-12-31'))?.clearedBalance, sum(cleared, true), `${step}: account ${account}'s cleared balance`);
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
        const row = { date: date(), description: `row ${step}`, value: value() };
        // Into an account when created, or moved into one (or none) afterwards.
        if (next() < 0.5) await noted(() => store.transactions.create({ ...row, account: pick(accounts)! }));
        else {
          const created = await store.transactions.create(row);
          await noted(() => store.ledger.move({ ids: [created.id] }, target(), false));
        }
      } else if (roll < 0.38) {
        label = 'import';
        const session = await store.imports.begin('ing', { fileName: `s${imports}.csv`, format: 'csv', profile: null, importedAt: 1, account: pick(accounts)! });
        const rows = Array.from({ length: 3 }, (_, n) => ({ key: `k${imports}-${n}`, date: date(), description: `imported ${imports}`, value: value(), category: null }));
        await noted(async () => {
          await session.insertNew(rows);
          await session.commit();
        });
        imports++;
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
        const to = target();
        let outcome: unknown;
        if (ids.length > 0) await noted(async () => (outcome = await store.ledger.move({ ids }, to, next() < 0.5)));
        const moved = (outcome as { moved?: number } | undefined)?.moved ?? 0;
        if (to === null && moved > 0) seen.set('moved out', (seen.get('moved out') ?? 0) + 1);
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
        if ((done as { reconciled: number }).reconciled > 0) seen.set('reconciled rows', (seen.get('reconciled rows') ?? 0) + 1);
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
    const kinds = ['create', 'import', 'trash', 'restore', 'move', 'moved out', 'status', 'reconcile', 'reconciled rows', 'undone'];
    for (const label of kinds) assert.ok((seen.get(label) ?? 0) >= 3, `${label}: ${seen.get(label)}`);
  });
});
