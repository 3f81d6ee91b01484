import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

async function storeWithRows(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'moneta-undo-')), 'moneta.db');
  const store = new SqliteStore({ path: db });
  await store.lifecycle.migrate();
  await store.transactions.create({ date: '2024-01-01', description: 'TESCO', value: -10 });
  await store.transactions.create({ date: '2024-01-02', description: 'REWE', value: -5 });
  await store.lifecycle.close();
  return db;
}

async function ids(db: string): Promise<number[]> {
  const store = new SqliteStore({ path: db });
  try {
    return (await store.transactions.list({ sort: [], limit: 100, offset: 0 })).rows.map((row) => row.id);
  } finally {
    await store.lifecycle.close();
  }
}

/** The change a write printed (`change N: ...`). */
function printedChange(stdout: string): string {
  const match = /^change ([1-9][0-9]*): `moneta undo \1` reverts it$/m.exec(stdout);
  assert.ok(match, `no change in ${stdout}`);
  return match[1]!;
}

describe('moneta undo <change>', () => {
  it('reverts what a command printed as its change (exit 0), refuses it twice (exit 1), and reports conflicts with exit 3', async () => {
    const db = await storeWithRows();
    const deleted = await runCli(['transactions', 'delete', '--ids', '1,2', '--db', db]);
    assert.equal(deleted.code, 0, deleted.stderr);
    const change = printedChange(deleted.stdout);
    assert.deepEqual(await ids(db), []);

    const undone = await runCli(['undo', change, '--db', db]);
    assert.equal(undone.code, 0, undone.stderr);
    assert.match(undone.stdout, new RegExp(`^undid change ${change}: 0 re-categorised back, 2 restored, 0 moved to the trash$`, 'm'));
    assert.deepEqual(await ids(db), [1, 2]);

    const twice = await runCli(['undo', change, '--db', db]);
    assert.equal(twice.code, 1);
    assert.match(twice.stderr, new RegExp(`change ${change} was undone already`));

    // Re-categorise both, then change one again: undoing the first leaves that one (exit 3).
    const bulk = await runCli(['transactions', 'recategorise', '--ids', '1,2', '--set', 'Groceries', '--db', db]);
    const bulkChange = printedChange(bulk.stdout);
    await runCli(['transactions', 'recategorise', '--ids', '2', '--set', 'Fuel', '--db', db]);
    const partly = await runCli(['undo', bulkChange, '--db', db, '--json']);
    assert.equal(partly.code, 3, partly.stderr);
    const body = JSON.parse(partly.stdout) as { recategorised: number; conflicts: unknown[] };
    assert.equal(body.recategorised, 1);
    assert.deepEqual(body.conflicts, [{ id: 2, reason: 'changed-later' }]);
  });

  it('a change that is not a number is a usage error (exit 2); one never made is exit 1, and neither writes anything', async () => {
    const db = await storeWithRows();
    const bad = await runCli(['undo', '12abc', '--db', db]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /the change must be a number/);
    const unknown = await runCli(['undo', '999', '--db', db]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no change 999 was made/);
    assert.deepEqual(await ids(db), [1, 2]);
  });
});
