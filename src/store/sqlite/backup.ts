import { closeSync, existsSync, fsyncSync, linkSync, openSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { randomNameSql } from '../engine/sql-terms.js';
import { migrationProvider } from '../migrations/index.js';
import { openExistingConnection } from './connection.js';
import { oneReply } from '../../worker-threads.js';
import { startThread } from './start-thread.js';

/** How long a backup waits for a writer's lock on its source. */
const BACKUP_BUSY_TIMEOUT_MS = 5000;

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {}

/**
 * A consistent copy of a live database through SQLite's online backup API: pages are copied
 * while the server keeps serving, and if another process writes meanwhile the copy restarts
 * from the changed pages, so the result is one committed state. The copy is created 0600.
 *
 * The copy is written under a temporary name beside the destination (`<file>.partial-<pid>`)
 * and gets the destination's name only once it is complete, checked and on disk: a backup that
 * is killed leaves no file at the destination, so a rerun and a later restore are not blocked.
 * The copy is switched to a rollback journal before it is checked, so it is one
 * self-contained file with no -wal or -shm beside it.
 */
export async function backupDatabase(source: string, destination: string): Promise<{ pages: number }> {
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  const directory = dirname(destination);
  if (!existsSync(directory)) {
    throw new BackupError(`the directory ${directory} does not exist: create it first (mkdir -p ${directory}), or choose another path; nothing was written`);
  }
  if (existsSync(destination)) throw new BackupError(`${destination} exists already: choose a new file name (nothing was overwritten)`);
  removeAbandonedPartials(destination);
  const partial = `${destination}.partial-${process.pid}`;
  // Created empty and private before SQLite writes into it; 'wx' refuses a file that appeared meanwhile.
  closeSync(openSync(partial, 'wx', 0o600));
  const db = openBackupSource(source);
  try {
    const { totalPages } = await db.backup(partial);
    selfContained(partial);
    verifyMonetaDatabase(partial);
    syncFile(partial);
    publish(partial, destination);
    syncFile(directory);
    return { pages: totalPages };
  } catch (error) {
    for (const file of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) rmSync(file, { force: true });
    throw error;
  } finally {
    db.close();
  }
}

/** The backup's connection to the live database, opened like every other connection of the store (its journal mode left as it is). */
export function openBackupSource(source: string): Database.Database {
  return openExistingConnection(source, BACKUP_BUSY_TIMEOUT_MS);
}

/**
 * Makes a copy written by `moneta copy` into a new SQLite file (a PostgreSQL store's backup) what
 * `backupDatabase` leaves: one self-contained file, with a rollback journal, that passes the checks.
 */
export function sealCopy(file: string): void {
  selfContained(file);
  verifyMonetaDatabase(file);
}

/** What the backup thread is asked to do: `backupDatabase`, or `sealCopy`. */
export type BackupThreadJob = { op: 'backup'; source: string; destination: string } | { op: 'seal'; file: string };
export type BackupThreadReply = { ok: true } | { ok: false; backupError: boolean; message: string };

/**
 * Runs `backupDatabase` or `sealCopy` in a thread of its own (backup-thread.ts), for a server:
 * their checks read the whole file synchronously. A BackupError stays a BackupError.
 */
export async function backupInThread(job: BackupThreadJob): Promise<void> {
  const reply = await oneReply<BackupThreadReply>(startThread('backup-thread', job), 'backup thread');
  if (!reply.ok) throw reply.backupError ? new BackupError(reply.message) : new Error(reply.message);
}

/** The page copied from a WAL database says WAL; a backup is one file, with a rollback journal. */
function selfContained(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Gives the finished copy its name without ever replacing a file that appeared meanwhile. */
function publish(partial: string, destination: string): void {
  try {
    linkSync(partial, destination);
    unlinkSync(partial);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupError(`${destination} appeared while the backup ran: choose a new file name (nothing was overwritten)`);
    // File systems without hard links: a rename, checked just before.
    if (existsSync(destination)) throw new BackupError(`${destination} exists already: choose a new file name (nothing was overwritten)`);
    renameSync(partial, destination);
  }
}

/** Temporary copies left by backups that were killed (their process is gone). */
function removeAbandonedPartials(destination: string): void {
  const prefix = `${basename(destination)}.partial-`;
  for (const name of readdirSync(dirname(destination))) {
    const pid = name.startsWith(prefix) ? Number(/^(\d+)(-journal|-wal|-shm)?$/.exec(name.slice(prefix.length))?.[1]) : NaN;
    if (!Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue;
    rmSync(join(dirname(destination), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Throws BackupError unless the file is an intact SQLite database written by a known Moneta version. */
export async function verifyMonetaDatabaseAsync(file: string): Promise<string[]> {
  return verifyMonetaDatabase(file, new Set(Object.keys(await migrationProvider('sqlite').getMigrations())));
}

function verifyMonetaDatabase(file: string, known?: Set<string>): string[] {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database (${(error as Error).message})`);
  }
  try {
    let result: string[];
    try {
      result = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      throw new BackupError(`${file} is not a usable SQLite database (${(error as Error).message})`);
    }
    if (result.length !== 1 || result[0] !== 'ok') {
      throw new BackupError(`${file} fails SQLite's integrity check: ${result.slice(0, 5).join('; ')}`);
    }
    const hasMigrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'moneta_migrations'").get();
    if (!hasMigrations) throw new BackupError(`${file} is a SQLite database but not a Moneta one (no moneta_migrations table)`);
    const names = (db.prepare('SELECT name FROM moneta_migrations ORDER BY name').all() as { name: string }[]).map((row) => row.name);
    if (names.length === 0) throw new BackupError(`${file} is a Moneta database with no schema applied`);
    const unknown = known ? names.filter((name) => !known.has(name)) : [];
    if (unknown.length > 0) {
      throw new BackupError(`${file} was written by a newer Moneta (unknown migrations: ${unknown.join(', ')}); upgrade before restoring it`);
    }
    return names;
  } finally {
    db.close();
  }
}

/**
 * Replaces the data file by a verified backup. Refuses while any process has the database open:
 * an exclusive lock (locking_mode=EXCLUSIVE, busy timeout 0) cannot be had while a server, even
 * an idle one, holds it. The replaced file is kept beside it, so a mistaken restore can be undone.
 */
export async function restoreDatabase(backup: string, target: string, stamp: string): Promise<{ previous: string | null; migrations: string[] }> {
  const migrations = await verifyMonetaDatabaseAsync(backup);
  let previous: string | null = null;
  if (existsSync(target)) {
    assertNotInUse(target);
    previous = `${target}.before-restore-${stamp}`;
  }
  if (!existsSync(dirname(target))) throw new BackupError(`the directory ${dirname(target)} does not exist: create it first, or check --db; nothing was changed`);
  const staging = `${target}.restoring`;
  rmSync(staging, { force: true });
  closeSync(openSync(staging, 'wx', 0o600));
  // Copied through the backup API, not byte for byte: a backup that has its own -wal beside it is copied whole.
  const source = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(staging);
  } finally {
    source.close();
  }
  startNewEpoch(staging);
  if (previous) renameSync(target, previous);
  renameSync(staging, target);
  return { previous, migrations };
}

/**
 * The restored store's past is the backup's, not what the replaced store handed out since: a
 * new epoch (migration 0015) makes every change-feed cursor given out before the restore
 * refused (410), so a client rereads rather than silently skipping what the backup lacks. A
 * backup from before migration 0015 gets its store name and epoch when it is migrated, on
 * first open: the same effect.
 */
function startNewEpoch(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    const columns = db.prepare(`SELECT name FROM pragma_table_info('change_feed_state')`).all() as { name: string }[];
    if (columns.some((column) => column.name === 'epoch')) db.exec(`UPDATE change_feed_state SET epoch = ${randomNameSql('sqlite')}`);
  } finally {
    db.close();
  }
}

function assertNotInUse(target: string): void {
  const db = new Database(target, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE');
      db.exec('COMMIT');
    } catch {
      throw new BackupError(`${target} is in use (a running \`moneta serve\` or another command has it open): stop it, then restore`);
    }
    // Fold the write-ahead log into the file so the copy kept beside it is complete on its own.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
