import type { AccountRecord } from '../../src/domain/accounts/account.js';
import type { TransferLink } from '../../src/domain/transfers/transfer.js';
/**
 * The change feed (migration 0009) keeps an exact copy: a reader that follows it while other
 * writers create, re-categorise (also by applying rules), delete and restore transactions and add and remove banks and
 * categories, and applies every change in order, ends with exactly the store's rows.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { changeObject, FEED_START, type Change, type ChangeCursor } from '../../src/domain/change-feed.js';
import type { Bank, Category, TransactionRecord } from '../../src/domain/transaction.js';
import { RulesService } from '../../src/services/rules.service.js';
import type { Store } from '../../src/store/store.js';
import { served } from '../support/change-pages.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';
import { addAccount, withChange as withChangeOf } from '../support/ledger.js';

class Replica {
  readonly transactions = new Map<number, TransactionRecord>();
  readonly banks = new Map<string, Bank>();
  readonly categories = new Map<string, Category>();
  readonly accounts = new Map<number, AccountRecord>();
  readonly transfers = new Map<number, TransferLink>();

  apply(change: Change): void {
    if (change.type === 'transfer') {
      if (change.op === 'put') this.transfers.set(change.transfer.id, change.transfer);
      else this.transfers.delete(change.id);
      return;
    }
    if (change.type === 'account') {
      if (change.op === 'put') this.accounts.set(change.account.id, change.account);
      else this.accounts.delete(change.id);
      return;
    }
    if (change.type === 'transaction') {
      if (change.op === 'put') this.transactions.set(change.transaction.id, change.transaction);
      else this.transactions.delete(change.id);
    } else if (change.type === 'bank') {
      if (change.op === 'put') this.banks.set(change.bank.id, change.bank);
      else this.banks.delete(change.id);
    } else if (change.op === 'put') this.categories.set(change.category.name, change.category);
    else this.categories.delete(change.name);
  }
}

/** Reads every change after the cursor, a small page at a time; returns the cursor after the last. */
async function follow(store: Store, replica: Pick<Replica, 'apply'>, cursor: ChangeCursor): Promise<ChangeCursor> {
  for (;;) {
    const page = served(await store.changes.after(cursor, 7));
    assert.ok(page, 'no purge happened, so every cursor is served');
    for (const change of page.changes) replica.apply(change);
    cursor = page.next;
    if (!page.more) return cursor;
  }
}

async function storeState(store: Store) {
  const { rows } = await store.transactions.list({ sort: [], limit: 100_000, offset: 0 });
  return {
    transactions: rows,
    banks: await store.catalogue.listBanks(),
    categories: (await store.catalogue.listCategories()).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

function replicaState(replica: Replica) {
  return {
    transactions: [...replica.transactions.values()].sort((a, b) => a.id - b.id),
    banks: [...replica.banks.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    categories: [...replica.categories.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

/** A deterministic stream of numbers, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describeEachEngine(
  'Change feed',
  ({ freshStore }) => {
    it('replaying it into an empty copy, while writers create, re-categorise, delete and restore, gives exactly the store', async () => {
      const store = await freshStore();
      await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
      const replica = new Replica();
      let cursor = FEED_START;
      let writing = true;
      const categories = ['Food', 'Rent', 'Fun', 'Travel'];
      const rules = new RulesService(store);
      await rules.add({ category: 'Fun', descriptionContains: 'shop 1-' });
      await rules.add({ category: 'Groceries', minValue: '50', bank: 'ing' });

      const writer = async (seed: number) => {
        const next = random(seed);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
        for (let step = 0; step < 40; step += 1) {
          const roll = next();
          if (roll < 0.45) {
            await store.transactions.create({ date: '2024-01-0' + (1 + Math.floor(next() * 9)), description: `shop ${seed}-${step}`, value: Math.round(next() * 1000) / 10, category: next() < 0.7 ? pick(categories) : null, bank: next() < 0.5 ? 'ing' : null });
          } else if (roll < 0.6) {
            await store.transactions.setCategory(1 + Math.floor(next() * 40), next() < 0.8 ? pick(categories) : null, null);
          } else if (roll < 0.7) {
            await store.transactions.recategorise({ filter: { category: pick(categories), bank: 'ing' } }, pick(categories), null);
          } else if (roll < 0.75) {
            // Rule application: one UPDATE per rule in one commit, stamped like any write.
            await rules.apply({ dryRun: false, scope: next() < 0.5 ? 'uncategorised' : 'all', overwriteManual: next() < 0.3 });
          } else if (roll < 0.82) {
            await store.transactions.delete({ ids: [1 + Math.floor(next() * 40), 1 + Math.floor(next() * 40)] }, Date.now(), { reason: 'request' });
          } else if (roll < 0.92) {
            await store.trash.restore([1 + Math.floor(next() * 40), 1 + Math.floor(next() * 40)]);
          } else if (roll < 0.96) {
            await store.catalogue.saveCategory({ name: pick(categories), group: next() < 0.5 ? 'Group' : null });
          } else {
            const bank = `bank-${seed}`;
            if (await store.catalogue.findBank(bank)) await store.catalogue.removeBank(bank);
            else await store.catalogue.addBank({ id: bank, name: `Bank ${seed}`, aggregatorId: null });
          }
        }
      };
      const reader = (async () => {
        while (writing) {
          cursor = await follow(store, replica, cursor);
          // One turn of the event loop (no timer): an in-memory store answers reads without one,
          // and the writers' batches must get theirs.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await Promise.all([writer(1), writer(2), writer(3), writer(4)]);
      writing = false;
      await reader;
      cursor = await follow(store, replica, cursor);
      const expected = await storeState(store);
      assert.ok(expected.transactions.length > 20, 'the writers left rows behind');
      assert.deepEqual(replicaState(replica), expected);
      // Nothing new: the same cursor, no changes.
      const idle = served(await store.changes.after(cursor, 100));
      assert.deepEqual(idle, { changes: [], next: cursor, more: false });
    });

    it('carries transfers: made, linked, unlinked and undone, a replica following it holds the store\'s links', async () => {
      const store = await freshStore();
      const current = await addAccount(store, { name: 'Current' });
      const savings = await addAccount(store, { name: 'Savings' });
      const replica = new Replica();
      const links = async () => (await store.transfers.list(undefined, 1000, 0)).map((t) => ({ id: t.id, status: t.status, outflowTransactionId: t.outflow.transactionId, inflowTransactionId: t.inflow.transactionId }));
      const held = () => [...replica.transfers.values()].sort((a, b) => b.id - a.id);
      let cursor = FEED_START;
      const made = await store.transfers.create({ date: '2024-01-02', description: 'x', from: { accountId: current, amount: 10 }, to: { accountId: savings, amount: 10 }, fromBank: null, toBank: null });
      assert.equal(made.status, 'created');
      const out = await store.transactions.create({ date: '2024-01-03', description: 'out', value: -5, account: current });
      const into = await store.transactions.create({ date: '2024-01-03', description: 'in', value: 5, account: savings });
      const linked = await store.transfers.link({ outflowTransactionId: out.id, inflowTransactionId: into.id });
      assert.equal(linked.status, 'linked');
      cursor = await follow(store, replica, cursor);
      assert.equal(replica.transfers.size, 2);
      assert.deepEqual(held(), await links());
      const first = made.status === 'created' ? made.transfer.id : 0;
      const { change: unlinked } = await withChangeOf(() => store.transfers.unlink(first));
      cursor = await follow(store, replica, cursor);
      assert.deepEqual(held(), await links());
      assert.equal(replica.transfers.size, 1);
      assert.ok(unlinked !== undefined);
      const undone = await store.undo.undo(unlinked, Date.now());
      assert.equal(undone.status, 'undone');
      await follow(store, replica, cursor);
      assert.deepEqual(held(), await links());
      assert.equal(replica.transfers.size, 2, 'the undo of the unlink puts it back, in the feed too');
    });

    it('serves an import as changes too, paged by id within its one commit, and forgets nothing across a purge it does not cross', async () => {
      const store = await freshStore();
      await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
      const session = await store.imports.begin('ing', { fileName: 'statement.csv', format: 'csv', profile: null, importedAt: 1 });
      await session.insertNew(Array.from({ length: 25 }, (_, n) => ({ key: `k${n}`, date: '2024-01-01', description: `row ${n}`, value: n, category: n % 2 ? 'Food' : null })));
      await session.commit({ added: 25, duplicates: 0, conflicts: 0, invalid: 0, skipped: 0 });
      const replica = new Replica();
      const listed: number[] = [];
      const recording = {
        apply(change: Change) {
          if (change.type === 'transaction' && change.op === 'put') listed.push(change.transaction.id);
          replica.apply(change);
        },
      };
      await follow(store, recording, FEED_START);
      assert.deepEqual(replicaState(replica), await storeState(store));
      assert.equal(replica.transactions.get(2)?.categorySource, 'import');
      // Pages of 7 cut the one commit at three keys: each row is listed once, in id order.
      assert.deepEqual(listed, Array.from({ length: 25 }, (_, n) => n + 1));
    });

    it('lists a bank or category removed and created again once, as a put at its latest change, from any cursor and page size', async () => {
      const store = await freshStore();
      await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
      await store.catalogue.saveCategory({ name: 'Food', group: null });
      await store.catalogue.saveCategory({ name: 'Rent', group: null });
      const before = served(await store.changes.after(FEED_START, 100)).next;
      assert.ok(before);
      await store.catalogue.removeBank('ing');
      await store.catalogue.removeCategory('Food', { force: false });
      await store.catalogue.removeCategory('Rent', { force: false });
      const between = served(await store.changes.after(before, 100)).next;
      assert.ok(between);
      await store.catalogue.addBank({ id: 'ing', name: 'ING again', aggregatorId: 'agg-1' });
      await store.catalogue.saveCategory({ name: 'Food', group: 'Daily' });
      const expected = await storeState(store);
      for (const [label, from] of [['the start', FEED_START], ['before the removal', before]] as const) {
        for (const limit of [1, 2, 100]) {
          const listed: Change[] = [];
          let cursor: ChangeCursor = from;
          for (;;) {
            const page = served(await store.changes.after(cursor, limit));
            assert.ok(page);
            listed.push(...page.changes);
            cursor = page.next;
            if (!page.more) break;
          }
          const about = (type: string, key: string) =>
            listed.filter((change) => change.type === type && (change.op === 'delete' ? ('id' in change ? change.id : change.name) : change.type === 'bank' ? change.bank.id : change.type === 'category' ? change.category.name : '') === key);
          assert.deepEqual(about('bank', 'ing'), [{ type: 'bank', op: 'put', bank: { id: 'ing', name: 'ING again', aggregatorId: 'agg-1' } }], `from ${label}, pages of ${limit}`);
          assert.deepEqual(about('category', 'Food'), [{ type: 'category', op: 'put', category: { name: 'Food', group: 'Daily' } }], `from ${label}, pages of ${limit}`);
          if (from === before) assert.deepEqual(about('category', 'Rent'), [{ type: 'category', op: 'delete', name: 'Rent' }], 'a removal that stands is still listed');
          // The same replay, applied, is exact (from the start: an empty copy; from before: a copy that held all three).
          const replica = new Replica();
          if (from === before) {
            replica.banks.set('ing', { id: 'ing', name: 'ING', aggregatorId: null });
            for (const name of ['Food', 'Rent']) replica.categories.set(name, { name, group: null });
          }
          for (const change of listed) replica.apply(change);
          assert.deepEqual(replicaState(replica), expected);
        }
      }
      // The page as GET /changes sends it (SQLite writes it in SQL) lists the same.
      const json = served(await store.changes.afterJson(FEED_START, 100));
      const objects = served(await store.changes.after(FEED_START, 100)).changes.map(changeObject);
      assert.deepEqual(JSON.parse(json?.json ?? 'null'), JSON.parse(JSON.stringify(objects)));
      assert.equal(json?.json.includes('"op":"delete","id":"ing"'), false);
      assert.equal(json?.json.includes('"op":"delete","name":"Food"'), false);
      // A client that saw the removals gets the re-creations.
      const after = served(await store.changes.after(between, 100));
      assert.deepEqual(after?.changes.map((change) => `${change.type} ${change.op}`), ['bank put', 'category put']);
    });

    it('answers null (410 over HTTP) for a cursor older than a purge of deletions, and serves newer ones', async () => {
      const store = await freshStore();
      const a = await store.transactions.create({ date: '2024-01-01', description: 'a', value: 1 });
      const old = served(await store.changes.after(FEED_START, 100)).next;
      assert.ok(old);
      await store.transactions.delete({ ids: [a.id] }, 1000, { reason: 'request' });
      const recent = served(await store.changes.after(old, 100)).next;
      assert.ok(recent);
      assert.equal(await store.trash.purge(2000), 1);
      assert.deepEqual(await store.changes.after(old, 100), { refused: 'purged' });
      assert.deepEqual(served(await store.changes.after(recent, 100)), { changes: [], next: recent, more: false });
      assert.ok(served(await store.changes.after(FEED_START, 100)), 'a fresh start is always served');
    });
  },
  { setups: EVERY_SETUP },
);
