import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

async function storeAndStatement(): Promise<{ db: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'moneta-imports-'));
  const db = join(dir, 'moneta.db');
  const store = new SqliteStore({ path: db });
  await store.lifecycle.migrate();
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  await store.lifecycle.close();
  // Statement text and the file's name are outside text: escape sequences in both.
  const file = join(dir, 'jan\u001b[31m.csv');
  writeFileSync(file, 'Date,Description,Amount\n2024-01-03,TESCO \u001b[31mred,-3.50\n2024-01-04,Salary,2500.00\n');
  return { db, file };
}

async function rows(db: string) {
  const store = new SqliteStore({ path: db });
  try {
    return (await store.transactions.list({ sort: [], limit: 100, offset: 0 })).rows.map(({ id: _id, ...rest }) => rest);
  } finally {
    await store.lifecycle.close();
  }
}

describe('moneta imports list|show|undo', () => {
  it('lists and shows an import (escaped), undoes it into the trash, and the file imports again with the same rows', async () => {
    const { db, file } = await storeAndStatement();
    assert.equal((await runCli(['import', file, '--bank', 'ing', '--db', db])).code, 0);
    const imported = await rows(db);
    assert.equal(imported.length, 2);

    const list = await runCli(['imports', 'list', '--db', db]);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^1 .* ing +csv +2 +0 +0 +0 +0 +in list +jan\\x1b\[31m\.csv$/m);
    const show = await runCli(['imports', 'show', '1', '--db', db]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /2 of its rows in the list, 0 in the trash/);
    assert.match(show.stdout, /TESCO \\x1b\[31mred/);
    for (const output of [list.stdout, show.stdout]) assert.equal(output.includes('\u001b'), false, 'no raw escape reaches the terminal');
    const json = await runCli(['imports', 'show', '1', '--json', '--db', db]);
    assert.equal((JSON.parse(json.stdout) as { import: { fileName: string } }).import.fileName, 'jan\u001b[31m.csv');

    const undo = await runCli(['imports', 'undo', '1', '--db', db]);
    assert.equal(undo.code, 0, undo.stderr);
    assert.match(undo.stdout, /moved 2 transaction\(s\) of import 1 \(jan\\x1b\[31m\.csv\) to the trash/);
    assert.deepEqual(await rows(db), []);
    assert.match((await runCli(['imports', 'show', '1', '--db', db])).stdout, /0 of its rows in the list, 2 in the trash/);
    assert.match((await runCli(['imports', 'list', '--db', db])).stdout, /^1 .* ing +csv +2 +0 +0 +0 +0 +undone +jan\\x1b\[31m\.csv$/m);

    const again = await runCli(['import', file, '--bank', 'ing', '--db', db]);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(await rows(db), imported);
  });

  it('an unknown import is an error saying so; a malformed id is a usage error (exit 2)', async () => {
    const { db } = await storeAndStatement();
    const missing = await runCli(['imports', 'undo', '7', '--db', db]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no import has id 7/);
    assert.equal((await runCli(['imports', 'show', '0x1', '--db', db])).code, 2);
    assert.match((await runCli(['imports', 'list', '--db', db])).stdout, /no imports yet/);
  });
});
