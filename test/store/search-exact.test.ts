/**
 * Every optimised description search (PostgreSQL: the short-grams index of migration 0011 for
 * one and two characters, pg_trgm for longer, a cached total; SQLite: its trigram table and count
 * cache) returns exactly the plain definition: the rows whose folded description contains the
 * folded needle, in order, with the exact total, also right after writes that change the answer.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionRecord } from '../../src/domain/transaction.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const DESCRIPTIONS = [
  'Café Müller',
  'CAFÉ BAR',
  'cafe plain',
  '50% OFF_SALE \\ outlet',
  '5_%',
  'straße market',
  'STRASSE',
  'İstanbul kebab',
  'ǅemal',
  'Pizza 🍕 night',
  '🍕🍕',
  '👩‍👩‍👧 family',
  'a',
  'ab',
  'ba',
  'MA',
  'Marks & Spencer',
  'amazon marketplace',
  'x'.repeat(300) + 'needle at the end',
  'Ω omega',
  'tab\there',
];

const NEEDLES = [
  'a', 'A', 'b', 'é', 'É', 'e', '%', '_', '\\', '🍕', '👩', '‍', 'Ω', 'ω', 'ß', 'ss',
  'ma', 'MA', 'am', 'ab', 'ba', 'é ', ' m', '0%', '%_', '_%', '5_', 'zz', '🍕🍕', 'i̇', 'ǆ', '\t',
  'caf', 'café', 'strasse', 'marketplace', '50% off_sale \\ outlet', 'needle at the end', 'x'.repeat(40), 'no such text anywhere',
];

function plain(rows: readonly TransactionRecord[], needle: string): number[] {
  const folded = foldForSearch(needle);
  return rows.filter((row) => foldForSearch(row.description).includes(folded)).map((row) => row.id);
}

async function check(store: Store, needle: string, message: string): Promise<void> {
  const all = (await store.transactions.list({ sort: [], limit: 10_000, offset: 0 })).rows;
  const expected = plain(all, needle);
  const found = await store.transactions.list({ sort: [], limit: 10_000, offset: 0, descriptionContains: foldForSearch(needle) });
  assert.deepEqual(found.rows.map((row) => row.id), expected, `${message}: rows for ${JSON.stringify(needle)}`);
  assert.equal(found.total, expected.length, `${message}: total for ${JSON.stringify(needle)}`);
  // A small page asks the total again (a cache hit where there is one), and must agree.
  const page = await store.transactions.list({ sort: [], limit: 1, offset: 0, descriptionContains: foldForSearch(needle) });
  assert.equal(page.total, expected.length, `${message}: total of a 1-row page for ${JSON.stringify(needle)}`);
  assert.deepEqual(page.rows.map((row) => row.id), expected.slice(0, 1));
}

describeEachEngine(
  'Description search equals its plain definition',
  ({ freshStore }) => {
    it('for one-, two-character and long needles over awkward text, before and after writes', async () => {
      const store = await freshStore();
      for (const [n, description] of DESCRIPTIONS.entries()) {
        await store.transactions.create({ date: `2024-01-${String(1 + (n % 28)).padStart(2, '0')}`, description, value: n });
      }
      for (const needle of NEEDLES) await check(store, needle, 'first');
      // Writes that change answers: new matching rows, a deletion, a restore.
      const added = await store.transactions.create({ date: '2024-02-01', description: 'MAMA mia 🍕 50%', value: 1 });
      for (const needle of ['ma', 'a', '🍕', '%', 'mia']) await check(store, needle, 'after a create');
      await store.transactions.delete({ ids: [added.id, 1] }, 1000, { reason: 'request' });
      for (const needle of ['ma', 'a', '🍕', '%', 'mia', 'é']) await check(store, needle, 'after a delete');
      await store.trash.restore([1]);
      for (const needle of ['é', 'ca', 'café']) await check(store, needle, 'after a restore');
    });
  },
  { setups: EVERY_SETUP },
);
