import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

async function storeWithRow(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'moneta-split-')), 'moneta.db');
  const store = new SqliteStore({ path: db });
  await store.lifecycle.migrate();
  await store.transactions.create({ date: '2024-03-01', description: 'SUPERMARKET', value: -52.5, category: 'Groceries' });
  await store.lifecycle.close();
  return db;
}

describe('moneta split', () => {
  it('splits a transaction (negative amounts as they are), shows it as a table and as JSON, undoes and removes it', async () => {
    const db = await storeWithRow();
    const split = await runCli(['split', '1', '-40:Groceries', '-12.50:Household:bulbs: big', '--db', db]);
    assert.equal(split.code, 0, split.stderr);
    assert.match(split.stdout, /^2 +-12\.5 +Household +bulbs: big$/m);
    const change = /^change ([1-9][0-9]*): /m.exec(split.stdout)?.[1];
    assert.ok(change, split.stdout);

    const shown = await runCli(['split', '1', '--show', '--json', '--db', db]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.deepEqual(JSON.parse(shown.stdout), { transactionId: 1, value: -52.5, lines: [{ amount: -40, category: 'Groceries' }, { amount: -12.5, category: 'Household', memo: 'bulbs: big' }] });

    assert.equal((await runCli(['undo', change, '--db', db])).code, 0);
    const gone = await runCli(['split', '1', '--show', '--db', db]);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /transaction 1 is not split/);

    assert.equal((await runCli(['split', '1', '-52.5', '--db', db])).code, 0);
    const removed = await runCli(['split', '1', '--remove', '--json', '--db', db]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal((JSON.parse(removed.stdout) as { removed: boolean }).removed, true);
  });

  it('refuses lines that do not add up (exit 1, naming the difference) and malformed ones (exit 2), changing nothing', async () => {
    const db = await storeWithRow();
    const short = await runCli(['split', '1', '-40:Groceries', '-12:Household', '--db', db]);
    assert.equal(short.code, 1);
    assert.match(short.stderr, /the difference is -0\.50/);
    const malformed = await runCli(['split', '1', 'forty:Groceries', '--db', db]);
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /line 1 \("forty:Groceries"\) must start with an amount/);
    const long = await runCli(['split', '1', `-52.5::${'m'.repeat(201)}`, '--db', db]);
    assert.equal(long.code, 1);
    assert.match(long.stderr, /line 1 \(memo\) must be 1 to 200 characters/);
    assert.equal((await runCli(['split', '1', '--show', '--remove', '--db', db])).code, 2);
    assert.equal((await runCli(['split', '1', '--show', '--db', db])).code, 1, 'still not split');
  });
});
