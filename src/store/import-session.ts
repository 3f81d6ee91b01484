import { CompiledQuery } from 'kysely';

/** One imported row as the store writes it. */
export interface ImportedTransaction {
  /** De-duplication key, unique per bank (see migration 0002). */
  key: string;
  date: string;
  description: string;
  value: number;
  category: string | null;
}

/** A stored transaction found by its import key. */
export interface StoredImport {
  id: number;
  date: string;
  value: number;
}

/**
 * One file's import: a single open write transaction on one connection, so the file lands
 * whole or not at all (a killed process leaves an uncommitted transaction, which the engine
 * discards). Calls must not overlap; the store must not be used for other writes meanwhile.
 * Concurrent imports into the same bank are serialised (SQLite: the write lock; PostgreSQL: an
 * advisory lock per bank), so a key looked up here cannot be inserted by someone else first.
 */
export interface ImportSession {
  /**
   * Occurrence counts of fingerprints set aside with saveOccurrences (absent: none). A
   * temporary table of this session, so the counts of a huge file need not stay in memory.
   */
  loadOccurrences(fingerprints: readonly string[]): Promise<Map<string, number>>;
  /** Sets these counts (replacing earlier ones). */
  saveOccurrences(counts: ReadonlyMap<string, number>): Promise<void>;
  /** Transactions of this bank that already carry one of these keys: key -> id, date and value. */
  findByKeys(keys: readonly string[]): Promise<Map<string, StoredImport>>;
  /**
   * Inserts the rows whose key the bank does not have yet (creating missing categories first);
   * the others are left alone. Returns key -> new id for the rows inserted.
   */
  insertNew(rows: readonly ImportedTransaction[]): Promise<Map<string, number>>;
  commit(): Promise<void>;
  /** Discards everything this session wrote. Safe to call after a failure. */
  rollback(): Promise<void>;
}

/**
 * The bulk statements of an import, written per engine because that is where the engines
 * differ: a whole batch travels as ONE array parameter (SQLite json_each, PostgreSQL unnest),
 * so each statement's SQL is the same for every batch size (one prepared statement, no
 * 1000-placeholder lists) and values bind exactly. See sqlite/import-sql.ts, postgres/import-sql.ts.
 */
export interface ImportSql {
  createOccurrenceTable(): CompiledQuery;
  /** Null when the table goes with the transaction by itself. */
  dropOccurrenceTable(): CompiledQuery | null;
  occurrencesOf(fingerprints: readonly string[]): CompiledQuery<{ fingerprint: string; n: number }>;
  saveOccurrences(counts: ReadonlyMap<string, number>): CompiledQuery;
  findByKeys(bank: string, keys: readonly string[]): CompiledQuery<{ import_key: string; id: number; date: string; value: number }>;
  insertCategoriesIfMissing(names: readonly string[]): CompiledQuery;
  insertTransactions(bank: string, rows: readonly ImportedTransaction[]): CompiledQuery<{ import_key: string; id: number }>;
}

/** A statement of an ImportSql, written out for its engine. */
export const rawStatement = <T>(text: string, parameters: unknown[]) => CompiledQuery.raw(text, parameters) as CompiledQuery<T>;

/** An engine's open import transaction: where the session's statements run. */
export interface ImportConnection {
  /** Runs a statement of the transaction; its rows, if it returns any. */
  run<T>(query: CompiledQuery<T>): Promise<T[]>;
  commit(): Promise<void>;
  /** Safe after a failure (the engine may have rolled back already). */
  rollback(): Promise<void>;
}

/** The import session of both engines, over one engine's connection and statements. */
export class StoreImportSession implements ImportSession {
  private open = true;

  constructor(
    private readonly connection: ImportConnection,
    private readonly sql: ImportSql,
    private readonly bank: string,
    private readonly translateError: (error: unknown) => unknown,
  ) {}

  async loadOccurrences(fingerprints: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.run(this.sql.occurrencesOf(fingerprints));
    return new Map(rows.map((row) => [row.fingerprint, Number(row.n)]));
  }

  async saveOccurrences(counts: ReadonlyMap<string, number>): Promise<void> {
    await this.run(this.sql.saveOccurrences(counts));
  }

  async findByKeys(keys: readonly string[]): Promise<Map<string, StoredImport>> {
    const rows = await this.run(this.sql.findByKeys(this.bank, keys));
    return new Map(rows.map((row) => [row.import_key, { id: Number(row.id), date: row.date, value: Number(row.value) }]));
  }

  async insertNew(rows: readonly ImportedTransaction[]): Promise<Map<string, number>> {
    const categories = [...new Set(rows.flatMap((row) => (row.category === null ? [] : [row.category])))];
    if (categories.length > 0) await this.run(this.sql.insertCategoriesIfMissing(categories));
    return toKeyMap(await this.run(this.sql.insertTransactions(this.bank, rows)));
  }

  async commit(): Promise<void> {
    const drop = this.sql.dropOccurrenceTable();
    if (drop) await this.run(drop);
    await this.guard(() => this.connection.commit());
    this.open = false;
  }

  async rollback(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.connection.rollback();
  }

  private run<T>(query: CompiledQuery<T>): Promise<T[]> {
    return this.guard(() => this.connection.run(query));
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    if (!this.open) throw new Error('this import session is finished');
    try {
      return await work();
    } catch (error) {
      throw this.translateError(error);
    }
  }
}

function toKeyMap(rows: ReadonlyArray<{ import_key: string; id: number | string }>): Map<string, number> {
  return new Map(rows.map((row) => [row.import_key, Number(row.id)]));
}
