import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

async function storeWithRows(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'moneta-corrections-')), 'moneta.db');
  const store = new SqliteStore({ path: db });
  await store.lifecycle.migrate();
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  await store.transactions.create({ date: '2024-01-01', description: 'TESCO \u001b[31mred', value: -10, bank: 'ing' });
  await store.transactions.create({ date: '2024-01-02', description: 'TESCO EXPRESS', value: -5 });
  await store.transactions.create({ date: '2024-02-01', description: 'Salary', value: 2000, category: 'Income' });
  await store.lifecycle.close();
  return db;
}

async function rows(db: string) {
  const store = new SqliteStore({ path: db });
  try {
    return (await store.transactions.list({ sort: [], limit: 100, offset: 0 })).rows.map((row) => [row.id, row.category, row.categorySource]);
  } finally {
    await store.lifecycle.close();
  }
}

describe('moneta transactions delete|restore|recategorise', () => {
  it('re-categorises by filter (dry run first, output escaped), deletes by ids and restores the same ids', async () => {
    const db = await storeWithRows();
    const dry = await runCli(['transactions', 'recategorise', '--uncategorised', '--description', 'tesco', '--set', 'Groceries', '--dry-run', '--db', db]);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /would re-categorise 2 transaction\(s\); nothing was written/);
    assert.match(dry.stdout, /TESCO \\x1b\[31mred/);
    assert.equal(dry.stdout.includes('\u001b'), false, 'no raw escape reaches the terminal');
    assert.deepEqual(await rows(db), [[1, null, null], [2, null, null], [3, 'Income', null]]);

    const real = await runCli(['transactions', 'recategorise', '--uncategorised', '--description', 'tesco', '--set', 'Groceries', '--db', db]);
    assert.match(real.stdout, /re-categorised 2 transaction\(s\)/);
    assert.deepEqual(await rows(db), [[1, 'Groceries', null], [2, 'Groceries', null], [3, 'Income', null]]);

    assert.match((await runCli(['transactions', 'delete', '--ids', '1,3', '--db', db])).stdout, /moved 2 transaction\(s\) to the trash/);
    assert.deepEqual(await rows(db), [[2, 'Groceries', null]]);
    const restored = await runCli(['transactions', 'restore', '--ids', '3,1,9', '--db', db]);
    assert.match(restored.stdout, /restored 2 transaction\(s\): 1, 3\nnot restored: 9 \(not-in-trash\)/);
    assert.deepEqual(await rows(db), [[1, 'Groceries', null], [2, 'Groceries', null], [3, 'Income', null]]);
  });

  it('refuses a selection that is both, neither, or malformed, with exit code 2 and nothing changed', async () => {
    const db = await storeWithRows();
    const refusals: [string[], RegExp][] = [
      [['transactions', 'delete'], /choose transactions with --ids, or with filter flags/],
      [['transactions', 'delete', '--ids', '1', '--bank', 'ing'], /not both/],
      [['transactions', 'delete', '--ids', '1,x'], /--ids must be transaction ids/],
      [['transactions', 'delete', '--from', '2023-02-29'], /--from must be a real calendar date/],
      // Numbers are read as the API reads them: hexadecimal is not a value (it once meant 16).
      [['transactions', 'delete', '--min-value', '0x10'], /--min-value must be a number/],
      [['transactions', 'delete', '--category', 'Income', '--uncategorised'], /choose one of --category and --uncategorised/],
      // Converted as every filter is (domain/filter-input.ts): a reversed range once deleted nothing and said so with exit code 0.
      [['transactions', 'delete', '--from', '2024-02-02', '--to', '2024-02-01'], /--from must not be after --to/],
      // An empty description would match every row: a bulk command refuses it, as the API's body does.
      [['transactions', 'delete', '--description', ''], /--description must not be empty/],
      [['transactions', 'recategorise', '--ids', '1'], /say --set <category> or --clear/],
      [['transactions', 'recategorise', '--ids', '1', '--set', ' Food'], /category must not start or end with white space/],
    ];
    for (const [args, message] of refusals) {
      const run = await runCli([...args, '--db', db]);
      assert.notEqual(run.code, 0, args.join(' '));
      assert.match(run.stderr, message, args.join(' '));
    }
    assert.deepEqual(await rows(db), [[1, null, null], [2, null, null], [3, 'Income', null]]);
  });
});
