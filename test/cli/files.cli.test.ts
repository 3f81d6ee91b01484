import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { projectFile } from '../../src/project-root.js';
import { runCli } from '../support/spawned-server.js';

const CLI = ['--import', 'tsx', projectFile('src/cli/main.ts')];
const freshDir = () => mkdtempSync(join(tmpdir(), 'moneta-files-'));

/** A store made by the command line, with one category in it. */
async function storeWithData(dir: string): Promise<string> {
  const db = join(dir, 'moneta.db');
  const made = await runCli(['categories', 'add', 'Groceries', '--db', db]);
  assert.equal(made.code, 0, made.stderr);
  return db;
}

/** One line on stderr, naming the file, and no stack trace. */
function assertOneLineRefusal(stderr: string, file: string, reason: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0] ?? '', /^moneta: error: /);
  assert.ok(lines[0]?.includes(file), stderr);
  assert.match(stderr, reason);
  assert.doesNotMatch(stderr, /\n\s+at /);
}

const isRoot = process.getuid?.() === 0;
const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
const canMountPrivately = isRoot && spawnSync('unshare', ['-m', 'true']).status === 0;

describe('Data files: modes, owners and read-only file systems', () => {
  it('never changes the mode of an existing file: a 0400 store is refused in one line and stays 0400', async () => {
    const db = await storeWithData(freshDir());
    chmodSync(db, 0o400);
    const before = statSync(db).mtimeMs;
    for (const args of [['categories', 'list'], ['categories', 'add', 'Rent'], ['serve', '--port', '0', '--workers', '1']]) {
      const run = await runCli([...args, '--db', db]);
      assert.equal(run.code, 1, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assertOneLineRefusal(run.stderr, db, /read-only \(mode 0400\).*chmod u\+w/);
    }
    assert.equal(statSync(db).mode & 0o777, 0o400);
    assert.equal(statSync(db).mtimeMs, before);
  });

  it('a file owned by another user gets one line naming the owner, not an EPERM stack trace', { skip: !(isRoot && hasSetpriv) && 'needs root and setpriv' }, async () => {
    const dir = freshDir();
    chmodSync(dir, 0o755);
    const db = await storeWithData(dir);
    const asNobody = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...CLI, 'categories', 'list', '--db', db], {
      cwd: projectFile('.'),
      encoding: 'utf8',
    });
    assert.equal(asNobody.status, 1, asNobody.stderr);
    assertOneLineRefusal(asNobody.stderr, db, /uid 65534\) may not write it \(owner uid 0, mode 0600\)/);
    assert.equal(statSync(db).mode & 0o777, 0o600);
  });

  it('a store on a read-only file system gets one line saying so', { skip: !canMountPrivately && 'needs root and unshare -m' }, async () => {
    const dir = freshDir();
    const db = await storeWithData(dir);
    const mount = join(dir, 'ro');
    // A private mount namespace: the read-only tmpfs vanishes with the shell, nothing to clean up.
    const script =
      'set -e; mkdir "$MOUNT"; mount -t tmpfs tmpfs "$MOUNT"; cp "$DB" "$MOUNT/moneta.db"; mount -o remount,ro "$MOUNT"; ' +
      'exec "$NODE" --import tsx src/cli/main.ts categories list --db "$MOUNT/moneta.db"';
    const run = spawnSync('unshare', ['-m', 'sh', '-c', script], {
      cwd: projectFile('.'),
      encoding: 'utf8',
      env: { ...process.env, MOUNT: mount, DB: db, NODE: process.execPath },
    });
    assert.equal(run.status, 1, run.stderr);
    assertOneLineRefusal(run.stderr, join(mount, 'moneta.db'), /read-only file system/);
  });
});

describe('moneta backup: a temporary name, one self-contained file', () => {
  it('leaves exactly the backup file: no -wal, no -shm, no temporary file', async () => {
    const db = await storeWithData(freshDir());
    const target = freshDir();
    const run = await runCli(['backup', join(target, 'copy.db'), '--db', db]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readdirSync(target), ['copy.db']);
    assert.equal(statSync(join(target, 'copy.db')).mode & 0o777, 0o600);
  });

  it('a killed backup leaves nothing at the destination: the rerun works and restore takes its result', async () => {
    const db = await storeWithData(freshDir());
    const target = freshDir();
    const destination = join(target, 'copy.db');
    // Another connection holds the source's lock, so the backup waits on its first page with its
    // output file already created; it is killed there, as soon as that file shows up.
    const holder = new Database(db);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE');
    const watcher = watch(target);
    const appeared = once(watcher, 'change');
    const child = spawn(process.execPath, [...CLI, 'backup', destination, '--db', db], { cwd: projectFile('.'), stdio: 'ignore' });
    const exited = once(child, 'exit');
    await appeared;
    child.kill('SIGKILL');
    await exited;
    watcher.close();
    holder.exec('COMMIT');
    holder.close();
    assert.equal(existsSync(destination), false, `files left: ${readdirSync(target).join(', ')}`);

    const rerun = await runCli(['backup', destination, '--db', db]);
    assert.equal(rerun.code, 0, rerun.stderr);
    // The killed run's temporary file is gone too: its process no longer exists.
    assert.deepEqual(readdirSync(target), ['copy.db']);
    const restoredDb = join(freshDir(), 'restored.db');
    const restored = await runCli(['restore', destination, '--db', restoredDb]);
    assert.equal(restored.code, 0, restored.stderr);
    const listed = await runCli(['categories', 'list', '--json', '--db', restoredDb]);
    assert.deepEqual(JSON.parse(listed.stdout), [{ name: 'Groceries', group: null }]);
  });

  it('a backup into a directory that does not exist says which one and how to make it, and creates nothing', async () => {
    const db = await storeWithData(freshDir());
    const missing = join(freshDir(), 'not', 'there');
    const run = await runCli(['backup', join(missing, 'copy.db'), '--db', db]);
    assert.equal(run.code, 1);
    assertOneLineRefusal(run.stderr, missing, /does not exist: create it first \(mkdir -p /);
    assert.equal(existsSync(join(missing, '..')), false);
  });
});
