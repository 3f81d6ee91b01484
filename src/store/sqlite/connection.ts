import Database from 'better-sqlite3';
import { preparePrivateDatabaseFile } from './open-file.js';

/** SQLite's number for synchronous = FULL: every commit is fsynced before it returns. */
export const SYNCHRONOUS_FULL = 2;

/** The per-connection settings Moneta's durability rests on, as SQLite reports them. */
import type { ConnectionPragmas } from '../engine/connection-pragmas.js';

export type { ConnectionPragmas };

/**
 * Opens a connection the way every writing connection of the store must be: these settings are
 * per-connection, so the store's own, the writer thread's and every process's set them.
 */
export function openConnection(path: string, busyTimeoutMs: number): Database.Database {
  if (path !== ':memory:') preparePrivateDatabaseFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  configureConnection(db, busyTimeoutMs);
  return db;
}

/** A read-only connection of its own (read threads, streamed pages); the file is already WAL. */
export function openReadConnection(path: string, busyTimeoutMs: number): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  configureConnection(db, busyTimeoutMs);
  return db;
}

/**
 * An existing file opened without changing its journal mode (a backup's source). better-sqlite3
 * opens a WAL file with synchronous = NORMAL: only what is set here makes it FULL.
 */
export function openExistingConnection(path: string, busyTimeoutMs: number): Database.Database {
  const db = new Database(path, { fileMustExist: true });
  configureConnection(db, busyTimeoutMs);
  return db;
}

/**
 * The same settings on every connection, readers included (a reader never commits, but a
 * setting that depends on a connection's role is one a later change can miss).
 */
function configureConnection(db: Database.Database, busyTimeoutMs: number): void {
  // Every commit is on disk before it is acknowledged (a 2xx means stored).
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
}

/** What the connection runs with now (tests, and the store's durability warnings, read it). */
export function connectionPragmas(db: Database.Database): ConnectionPragmas {
  return {
    journalMode: String(db.pragma('journal_mode', { simple: true })).toLowerCase(),
    synchronous: Number(db.pragma('synchronous', { simple: true })),
    foreignKeys: Number(db.pragma('foreign_keys', { simple: true })) === 1,
    busyTimeoutMs: Number(db.pragma('busy_timeout', { simple: true })),
  };
}

/** Settings under which a commit acknowledged on this connection could be lost in a crash. */
export function durabilityProblems(connection: string, pragmas: ConnectionPragmas): string[] {
  const problems: string[] = [];
  if (pragmas.journalMode !== 'wal' && pragmas.journalMode !== 'memory') problems.push(`${connection}: journal_mode is "${pragmas.journalMode}", not WAL`);
  if (pragmas.synchronous < SYNCHRONOUS_FULL) problems.push(`${connection}: synchronous is ${pragmas.synchronous}, not FULL`);
  return problems;
}
