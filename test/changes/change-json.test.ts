/**
 * GET /changes sends the page's JSON as the store writes it (SQLite: in SQL; PostgreSQL: the
 * page's objects through JSON.stringify): byte for byte what the contract's serialiser writes for
 * presentChange's objects of the same page, for every kind of change, awkward text and numbers.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { encodeCursor, FEED_START, type ChangeCursor, type ChangePage, type PlacedCursor } from '../../src/domain/change-feed.js';
import { presentChange } from '../../src/http/presenters.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { served } from '../support/change-pages.js';
import { addAccount } from '../support/ledger.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';
import { responseSerialiser } from '../support/route-serialiser.js';

const TEXTS = ['plain', 'quote " back\\slash / solidus', 'lines\nand\ttabs\r\u0001\u001f\u007f', 'é ß 😀 \u2028\u2029', '</script><b>'];
const VALUES = [0.1, -0.30000000000000004, 1e-7, 123456789012.34, 9007199254740994, 1e21, -1e-7, -0, 2500, -12.5, 0.3333333333333333, 5e-324];

/** Every kind of change: banks and categories with and without their optional fields, puts, deletes and tombstones. */
async function everyKindOfChange(store: Store): Promise<void> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING "Direct"', aggregatorId: null });
  await store.catalogue.addBank({ id: 'monzo', name: 'Monzo é', aggregatorId: '0b8f8d6e-3c1a-4c55-9a7e-2f3b1e2d4c5a' });
  await store.catalogue.addBank({ id: 'gone', name: 'Gone', aggregatorId: null });
  await store.catalogue.saveCategory({ name: 'Food "fresh"', group: 'Living \\ costs' });
  await store.catalogue.saveCategory({ name: 'Salary', group: null });
  await store.catalogue.saveCategory({ name: 'Old', group: null });
  for (const [index, value] of VALUES.entries()) {
    await store.transactions.create({
      date: `2024-01-${String(1 + index).padStart(2, '0')}`,
      description: TEXTS[index % TEXTS.length]!,
      value,
      category: index % 3 === 0 ? null : index % 3 === 1 ? 'Food "fresh"' : 'Salary',
      bank: index % 2 === 0 ? 'ing' : index % 4 === 1 ? 'monzo' : null,
    });
  }
  const session = await store.imports.begin('monzo', { fileName: 'statement.csv', format: 'csv', profile: null, importedAt: 1 });
  // One commit of several rows: pages of 3 start and end inside it.
  const imported = VALUES.map((value, n) => ({ key: `k${n}`, date: '2024-02-01', description: `IMPORTED "${TEXTS[n % TEXTS.length]!}"`, value, category: n % 2 ? 'Salary' : null, categorySource: n % 2 ? 'import' : null }));
  await session.insertNew(imported);
  await session.commit({ added: imported.length, duplicates: 0, conflicts: 0, invalid: 0, skipped: 0 });
  await store.transactions.delete({ ids: [2, 3] }, 1, { reason: 'request' });
  await store.transactions.setCategory(4, 'Salary', 'rule:7');
  await store.catalogue.removeBank('gone');
  await store.catalogue.removeCategory('Old', { force: true });
  // Transfers (migration 0021): a put of each status and a tombstone.
  const current = await addAccount(store, { name: 'Current' });
  const savings = await addAccount(store, { name: 'Savings' });
  const legs = { date: '2024-03-01', description: 'move "it"', fromBank: null, toBank: null };
  await store.transfers.create({ ...legs, from: { accountId: current, amount: 7 }, to: { accountId: savings, amount: 7 } });
  const gone = await store.transfers.create({ ...legs, from: { accountId: savings, amount: 1.5 }, to: { accountId: current, amount: 1.5 } });
  if (gone.status === 'created') await store.transfers.unlink(gone.transfer.id);
}

describeEachEngine(
  'change feed pages as JSON',
  ({ freshStore }) => {
    it("are what the contract's serialiser writes for the page's changes, page after page", async () => {
      const store = await freshStore();
      await everyKindOfChange(store);
      const serialise = await responseSerialiser('listChanges');
      const app = await buildTestApp(store);
      const everything = served(await store.changes.after(FEED_START, 1000)).changes;
      for (const limit of [2, 3, 5, 7, 1000]) {
        let cursor: ChangeCursor = FEED_START;
        let pages = 0;
        const followed: unknown[] = [];
        for (;;) {
          const page: ChangePage = served(await store.changes.after(cursor, limit));
          followed.push(...page.changes);
          const since = cursor.origin === undefined ? '' : `&since=${encodeCursor(cursor as PlacedCursor)}`;
          const answer = await call(app, 'GET', `/changes?limit=${limit}${since}`);
          assert.equal(answer.status, 200, answer.text);
          assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
          const expected = serialise({ changes: page.changes.map(presentChange), next: encodeCursor(page.next), more: page.more });
          assert.equal(answer.text, expected, `page ${pages} of ${limit}`);
          pages += 1;
          cursor = page.next;
          if (!page.more) break;
        }
        assert.ok(limit === 1000 ? pages === 1 : pages > 3, `${pages} pages of ${limit}`);
        // Pages that end inside the import's commit go on to the commits after it.
        assert.deepEqual(followed, everything, `every change, once, in pages of ${limit}`);
      }
      const kinds = new Set((everything ?? []).map((change) => `${change.type} ${change.op}`));
      assert.equal(kinds.size, 9, [...kinds].join(', '));
    });
  },
  { setups: EVERY_SETUP },
);
