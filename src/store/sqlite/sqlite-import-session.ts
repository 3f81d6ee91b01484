import { StoreImportSession, type ImportBookkeeping, type ImportSession } from '../imports/import-session.js';
import { sqliteImportSql } from './import-sql.js';
import type { ImportTransaction } from './import-transaction.js';

/**
 * An import on SQLite: BEGIN IMMEDIATE took the write lock up front (another writer waits, or
 * gets "busy" after the busy timeout), every batch runs inside, COMMIT makes it durable. A killed
 * process leaves only WAL frames without a commit record, which SQLite ignores. The transaction
 * runs in the event loop or on a thread of its own (import-transaction.ts).
 */
export async function beginSqliteImport(
  transaction: ImportTransaction,
  bank: string,
  translateError: (error: unknown) => unknown,
  afterCommit: () => void,
  bookkeeping: ImportBookkeeping,
): Promise<ImportSession> {
  try {
    await transaction.run(sqliteImportSql.createOccurrenceTable());
  } catch (error) {
    await transaction.rollback().catch(() => {});
    throw translateError(error);
  }
  const connection: ImportTransaction = {
    ...transaction,
    async commit() {
      await transaction.commit();
      afterCommit();
    },
  };
  return new StoreImportSession(connection, sqliteImportSql, bank, translateError, bookkeeping);
}
