import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { projectFile } from '../../src/project-root.js';
import { createTestDatabase, postgresSkipReason, testPool } from '../support/postgres.js';
import { runCli } from '../support/spawned-server.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'moneta-typo-'));
const skipPostgres = await postgresSkipReason();

describe('A typo in --db never costs data', () => {
  it('commands that read refuse a store that does not exist, and create nothing', async () => {
    const dir = freshDir();
    const typo = join(dir, 'typo.db');
    for (const args of [
      ['banks', 'list'],
      ['categories', 'list', '--json'],
      ['rules', 'list'],
      ['tokens', 'list'],
      ['accounts', 'list'],
      ['accounts', 'register', '1'],
      ['settings'],
      ['reconcile', '1', '--date', '2024-01-31', '--balance', '10'],
      ['categories', 'remove', 'Groceries'],
      ['backup', join(dir, 'copy.db')],
    ]) {
      const run = await runCli([...args, '--db', typo]);
      assert.equal(run.code, 1, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, /^moneta: error: no (store|database) at .*typo\.db/, args.join(' '));
    }
    assert.deepEqual(readdirSync(dir), []);
  });

  it('commands that create announce the new store with its absolute path; the second run says nothing', async () => {
    const dir = freshDir();
    const db = join(dir, 'new.db');
    // Given relative to the working directory, announced absolute.
    const first = await runCli(['categories', 'add', 'Groceries', '--db', relative(projectFile('.'), db)]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stderr, `moneta: created a new, empty store at ${db}\n`);
    const second = await runCli(['categories', 'add', 'Rent', '--db', db]);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stderr, '');
  });

  it('never creates a parent directory', async () => {
    const missing = join(freshDir(), 'no', 'such', 'dir');
    const run = await runCli(['categories', 'add', 'Groceries', '--db', join(missing, 'x.db')]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^moneta: error: the directory .*no\/such\/dir does not exist \(Moneta never creates directories\)/);
    assert.equal(existsSync(join(missing, '..', '..')), false);
  });

  it('refuses a URL scheme it does not know (exit 2) instead of making a file named after it', async () => {
    const dir = freshDir();
    for (const db of ['mysql://x', 'sqlite:moneta.db', 'postgress://localhost/moneta']) {
      const run = await runCli(['categories', 'add', 'Groceries', '--db', db]);
      assert.equal(run.code, 2, `${db}: ${run.stderr}`);
      assert.match(run.stderr, /unknown scheme .*a SQLite file path or a postgres:\/\/ URL/);
    }
    const scheme = await runCli(['categories', 'list', '--db', 'mysql://x']);
    assert.equal(scheme.code, 2);
    assert.equal(existsSync(projectFile('mysql:')), false);
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe('moneta copy: a wrong source never empties a target', () => {
  it('refuses a --from that does not exist, even with --force, and leaves the target as it was', async () => {
    const dir = freshDir();
    const target = join(dir, 'target.db');
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', target])).code, 0);
    const missing = join(dir, 'missing.db');
    const run = await runCli(['copy', '--from', missing, '--to', target, '--force']);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /^moneta: error: no store at .*missing\.db \(--from\)/);
    assert.doesNotMatch(run.stdout, /verified/);
    assert.equal(existsSync(missing), false);
    assert.equal(JSON.parse((await runCli(['categories', 'list', '--json', '--db', target])).stdout).length, 1);
  });

  it('refuses an empty source over a non-empty target unless --allow-empty-source', async () => {
    const dir = freshDir();
    const source = join(dir, 'empty.db');
    const target = join(dir, 'target.db');
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', target])).code, 0);
    // A store with no rows at all: created, then emptied.
    assert.equal((await runCli(['categories', 'add', 'Temporary', '--db', source])).code, 0);
    assert.equal((await runCli(['categories', 'remove', 'Temporary', '--db', source])).code, 0);

    const refused = await runCli(['copy', '--from', source, '--to', target, '--force']);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, /the source has no rows.*--allow-empty-source/);
    assert.equal(JSON.parse((await runCli(['categories', 'list', '--json', '--db', target])).stdout).length, 1);

    const allowed = await runCli(['copy', '--from', source, '--to', target, '--force', '--allow-empty-source']);
    assert.equal(allowed.code, 0, allowed.stderr);
    // Only the source's history (its change feed, the removed category's tombstone) is copied.
    assert.match(allowed.stdout, /verified: \d+ rows in \d+ tables copied/);
    assert.equal(JSON.parse((await runCli(['categories', 'list', '--json', '--db', target])).stdout).length, 0);
  });

  it('refuses a PostgreSQL --from that holds no store, and creates nothing there', { skip: skipPostgres }, async () => {
    const source = await createTestDatabase();
    after(() => source.drop());
    const target = join(freshDir(), 'target.db');
    assert.equal((await runCli(['categories', 'add', 'Groceries', '--db', target])).code, 0);
    const run = await runCli(['copy', '--from', source.url, '--to', target, '--force']);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /holds no Moneta store.*--from/);
    const pool = testPool(source.url, 1);
    try {
      const tables = await pool.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
      assert.equal(tables.rows[0]?.n, 0);
    } finally {
      await pool.end();
    }
  });
});
