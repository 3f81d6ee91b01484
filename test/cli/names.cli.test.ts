import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

/**
 * Issue 14, item 6, on the command line: names get one spelling (NFC, no white space at the
 * ends, no invisible characters) for categories, groups, banks and rule texts, and categories
 * stored as look-alikes before the rule can be listed and merged on request.
 */
function freshDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'moneta-names-')), 'moneta.db');
}

describe('names on the command line', () => {
  it('refuses edge white space and invisible characters naming the argument; stores NFC', async () => {
    const db = freshDb();
    const refusals: [string[], RegExp][] = [
      [['categories', 'add', 'Groceries '], /name must not start or end with white space/],
      [['categories', 'add', 'Gro\u200Bceries'], /name must not contain invisible or control characters \(found U\+200B\)/],
      [['categories', 'add', 'Food', '--group', 'Daily\u00AD'], /group must not contain invisible/],
      [['banks', 'add', 'ing', 'ING\u200E'], /name must not contain invisible/],
      [['rules', 'add', '--category', ' Rent', '--description-contains', 'landlord'], /--category must not start or end with white space/],
      [['rules', 'add', '--category', 'Rent', '--description-contains', 'land\u200Blord'], /--description-contains must not contain invisible/],
    ];
    for (const [args, message] of refusals) {
      const run = await runCli([...args, '--db', db]);
      assert.notEqual(run.code, 0, args.join(' '));
      assert.match(run.stderr, message, args.join(' '));
    }
    assert.equal((await runCli(['categories', 'add', 'Cafe\u0301', '--db', db])).code, 0);
    assert.equal((await runCli(['categories', 'add', 'Caf\u00e9', '--group', 'Food', '--db', db])).code, 0);
    const listed = await runCli(['categories', 'list', '--json', '--db', db]);
    assert.deepEqual(JSON.parse(listed.stdout), [{ name: 'Caf\u00e9', group: 'Food' }]);
    const banks = await runCli(['banks', 'list', '--json', '--db', db]);
    assert.deepEqual(JSON.parse(banks.stdout), []);
  });

  it('lists look-alike categories stored before the rule, and merges them with their transactions and rules on request', async () => {
    const db = freshDb();
    // Names as an older version stored them: through the store, which does not apply the rule.
    const store = new SqliteStore({ path: db });
    await store.lifecycle.migrate();
    const seeded: [string, number][] = [['Groceries', 3], ['Groceries ', 1], ['Gro\u200Bceries', 2], ['Cafe\u0301', 1], ['Rent', 1]];
    for (const [name, count] of seeded) {
      await store.catalogue.saveCategory({ name, group: null });
      for (let i = 0; i < count; i += 1) await store.transactions.create({ date: '2024-01-01', description: name, value: -1, category: name, bank: null });
    }
    await store.rules.add({ category: 'Gro\u200Bceries', descriptionContains: 'tesco', descriptionMatches: null, minValue: null, maxValue: null, bank: null, priority: 0 });
    await store.lifecycle.close();

    const listed = await runCli(['categories', 'lookalikes', '--db', db]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /2 groups of look-alike categories/);
    assert.match(listed.stdout, /"Caf\u00e9" \(new\)\n {4}"Cafe\u0301" \(1 transaction\): not in Unicode NFC/);
    assert.match(listed.stdout, /"Groceries" \(3 transactions\)/);
    assert.match(listed.stdout, /"Gro\\u\{200B\}ceries" \(2 transactions\): invisible characters U\+200B/);
    assert.match(listed.stdout, /"Groceries\\u\{20\}" \(1 transaction\): white space at an end/);
    // Listing changes nothing.
    assert.equal(JSON.parse((await runCli(['categories', 'list', '--json', '--db', db])).stdout).length, 5);

    const merged = await runCli(['categories', 'lookalikes', '--merge', '--db', db]);
    assert.equal(merged.code, 0, merged.stderr);
    assert.match(merged.stdout, /merged "Gro\\u\{200B\}ceries" into "Groceries"/);
    const names = (JSON.parse((await runCli(['categories', 'list', '--json', '--db', db])).stdout) as { name: string }[]).map((c) => c.name);
    assert.deepEqual(names.sort(), ['Caf\u00e9', 'Groceries', 'Rent']);
    const check = new SqliteStore({ path: db });
    try {
      const count = async (category: string) => (await check.transactions.list({ category, sort: [], limit: 0, offset: 0 })).total;
      assert.equal(await count('Groceries'), 6);
      assert.equal(await count('Caf\u00e9'), 1);
      assert.deepEqual((await check.rules.list()).map((rule) => rule.category), ['Groceries']);
    } finally {
      await check.lifecycle.close();
    }
    assert.match((await runCli(['categories', 'lookalikes', '--db', db])).stdout, /no look-alike categories/);
  });

  it('merge <from> <into> moves one category into another', async () => {
    const db = freshDb();
    const store = new SqliteStore({ path: db });
    await store.lifecycle.migrate();
    await store.transactions.create({ date: '2024-01-01', description: 'x', value: -1, category: 'Supermarket', bank: null });
    await store.lifecycle.close();
    const merged = await runCli(['categories', 'merge', 'Supermarket', 'Groceries', '--db', db]);
    assert.equal(merged.code, 0, merged.stderr);
    assert.deepEqual(JSON.parse((await runCli(['categories', 'list', '--json', '--db', db])).stdout), [{ name: 'Groceries', group: null }]);
    const missing = await runCli(['categories', 'merge', 'Nope', 'Groceries', '--db', db]);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /no category is named "Nope"/);
  });
});
