import Database from 'better-sqlite3';
import { preparePrivateDatabaseFile } from './open-file.js';

/**
 * Opens a connection the way every connection of the store must be: these settings are
 * per-connection, so the store's own, the writer thread's and every process's set them.
 */
export function openConnection(path: string, busyTimeoutMs: number): Database.Database {
  if (path !== ':memory:') preparePrivateDatabaseFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // Every commit is on disk before it is acknowledged (a 2xx means stored).
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  return db;
}
