import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { StoreImportSession, type ImportBookkeeping, type ImportConnection, type ImportSession } from '../imports/import-session.js';
import { CompiledStatements } from './compiled-statements.js';
import { sqliteImportSql } from './import-sql.js';

/** Negative: KiB rather than pages. */
const IMPORT_CACHE_KIB = -65536;

/**
 * An import on SQLite: BEGIN IMMEDIATE takes the write lock up front (another writer waits,
 * or gets "busy" after the busy timeout), every batch runs inside, COMMIT makes it durable.
 * A killed process leaves only WAL frames without a commit record, which SQLite ignores.
 */
export function beginSqliteImport(
  db: Database.Database,
  bank: string,
  translateError: (error: unknown) => unknown,
  afterCommit: () => void,
  bookkeeping: ImportBookkeeping,
): ImportSession {
  const statements = new CompiledStatements(db);
  // A large import touches the unique key index all over: a fixed 64 MiB page cache for the
  // duration (a constant, whatever the file's size) avoids re-reading pages from disk.
  const cacheSize = Number(db.pragma('cache_size', { simple: true }));
  const restoreCache = () => db.pragma(`cache_size = ${cacheSize}`);
  db.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      statements.execute(sqliteImportSql.createOccurrenceTable());
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } catch (error) {
    restoreCache();
    throw translateError(error);
  }
  const connection: ImportConnection = {
    run: async <T>(query: CompiledQuery<T>) => statements.execute(query).rows as T[],
    async commit() {
      db.exec('COMMIT');
      restoreCache();
      afterCommit();
    },
    async rollback() {
      // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL).
      if (db.inTransaction) db.exec('ROLLBACK');
      restoreCache();
    },
  };
  return new StoreImportSession(connection, sqliteImportSql, bank, translateError, bookkeeping);
}
