import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { ImportedTransaction, ImportSession, StoredImport } from '../import-session.js';
import { sqliteImportSql as SQL } from '../import-sql.js';
import { CompiledStatements } from './compiled-statements.js';

/** Negative: KiB rather than pages. */
const IMPORT_CACHE_KIB = -65536;

/**
 * An import on SQLite: BEGIN IMMEDIATE takes the write lock up front (another writer waits,
 * or gets "busy" after the busy timeout), every batch runs inside, COMMIT makes it durable.
 * A killed process leaves only WAL frames without a commit record, which SQLite ignores.
 */
export class SqliteImportSession implements ImportSession {
  private readonly statements: CompiledStatements;
  private readonly cacheSize: number;
  private open = true;

  constructor(
    private readonly db: Database.Database,
    private readonly bank: string,
    private readonly translateError: (error: unknown) => unknown,
    private readonly afterCommit: () => void = () => {},
  ) {
    this.statements = new CompiledStatements(db);
    // A large import touches the unique key index all over: a fixed 64 MiB page cache for the
    // duration (a constant, whatever the file's size) avoids re-reading pages from disk.
    this.cacheSize = Number(this.db.pragma('cache_size', { simple: true }));
    this.db.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.run(SQL.createOccurrenceTable());
    } catch (error) {
      this.db.exec('ROLLBACK');
      this.restoreCache();
      throw error;
    }
  }

  async loadOccurrences(fingerprints: readonly string[]): Promise<Map<string, number>> {
    return this.guard(() => new Map(this.all(SQL.occurrencesOf(fingerprints)).map((row) => [row.fingerprint, Number(row.n)])));
  }

  async saveOccurrences(counts: ReadonlyMap<string, number>): Promise<void> {
    this.guard(() => this.run(SQL.saveOccurrences(counts)));
  }

  async findByKeys(keys: readonly string[]): Promise<Map<string, StoredImport>> {
    return this.guard(() => toStoredMap(this.all(SQL.findByKeys(this.bank, keys))));
  }

  async insertNew(rows: readonly ImportedTransaction[]): Promise<Map<string, number>> {
    return this.guard(() => {
      const categories = [...new Set(rows.flatMap((row) => (row.category === null ? [] : [row.category])))];
      if (categories.length > 0) this.run(SQL.insertCategoriesIfMissing(categories));
      return toKeyMap(this.all(SQL.insertTransactions(this.bank, rows)));
    });
  }

  async commit(): Promise<void> {
    this.guard(() => {
      const drop = SQL.dropOccurrenceTable();
      if (drop) this.run(drop);
      this.db.exec('COMMIT');
      this.open = false;
      this.restoreCache();
    });
    this.afterCommit();
  }

  async rollback(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL).
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.restoreCache();
  }

  private restoreCache(): void {
    this.db.pragma(`cache_size = ${this.cacheSize}`);
  }

  private guard<T>(work: () => T): T {
    if (!this.open) throw new Error('this import session is finished');
    try {
      return work();
    } catch (error) {
      throw this.translateError(error);
    }
  }

  private all<T>(query: CompiledQuery<T>): T[] {
    return this.statements.all<T>(query);
  }

  private run(query: CompiledQuery): void {
    this.statements.run(query);
  }
}

export function toKeyMap(rows: ReadonlyArray<{ import_key: string; id: number | string }>): Map<string, number> {
  return new Map(rows.map((row) => [row.import_key, Number(row.id)]));
}

export function toStoredMap(rows: ReadonlyArray<{ import_key: string; id: number | string; date: string; value: number | string }>): Map<string, StoredImport> {
  return new Map(rows.map((row) => [row.import_key, { id: Number(row.id), date: row.date, value: Number(row.value) }]));
}
