import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'moneta-catalogue-')), 'moneta.db');

describe('moneta banks and categories go through the catalogue service', () => {
  it('removes a bank only once told where its transactions and rules go, renames and removes categories', async () => {
    const db = freshDb();
    const ok = async (args: string[]) => {
      const run = await runCli([...args, '--db', db]);
      assert.equal(run.code, 0, run.stderr);
      return run.stdout + run.stderr;
    };
    await ok(['banks', 'add', 'old', 'Old bank']);
    await ok(['banks', 'add', 'new', 'New bank']);
    const store = new SqliteStore({ path: db });
    await store.transactions.create({ date: '2024-01-01', description: 'REWE', value: -5, bank: 'old', category: 'Groceries' });
    await store.lifecycle.close();

    const refused = await runCli(['banks', 'remove', 'old', '--db', db]);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /1 transaction\(s\) use it/);
    // In the command's own flags, not the HTTP query's parameters.
    assert.match(refused.stderr, /--transactions move with --move-to <bank>, or --transactions trash/);
    assert.doesNotMatch(refused.stderr, /=/);
    const noTarget = await runCli(['banks', 'remove', 'old', '--transactions', 'move', '--db', db]);
    assert.match(noTarget.stderr, /--move-to is required with --transactions move or --rules retarget/);
    assert.match(await ok(['banks', 'remove', 'old', '--transactions', 'move', '--move-to', 'new']), /removed bank old: 1 transaction\(s\) moved to new/);

    assert.match(await ok(['categories', 'rename', 'Groceries', 'Food']), /renamed category "?Groceries"? to "?Food"?/);
    await ok(['rules', 'add', '--category', 'Food', '--description-contains', 'rewe']);
    const inUse = await runCli(['categories', 'remove', 'Food', '--db', db]);
    assert.equal(inUse.code, 1, inUse.stderr);
    assert.match(inUse.stderr, /1 transaction\(s\) use it \(--force uncategorises them\)/);
    assert.match(inUse.stderr, /--rules remove, or --rules retarget with --rules-to <category>/);
    assert.doesNotMatch(inUse.stderr, /=/);
    const noRulesTo = await runCli(['categories', 'remove', 'Food', '--force', '--rules', 'retarget', '--db', db]);
    assert.match(noRulesTo.stderr, /--rules-to is required with --rules retarget/);
    assert.match(await ok(['categories', 'remove', 'Food', '--force', '--rules', 'remove']), /removed category "?Food"?: 1 transaction\(s\) uncategorised/);
  });
});
