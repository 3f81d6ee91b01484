import { CompiledQuery } from 'kysely';
import type { ChangeRecording, UndoRecording } from '../engine/write-steps.js';
import { changeWritten } from '../changes/written-changes.js';
import type { ImportCounts, ImportRecord, ImportsQueries } from './imports-queries.js';

/** One imported row as the store writes it. */
export interface ImportedTransaction {
  /** De-duplication key, unique per bank (see migration 0002). */
  key: string;
  date: string;
  description: string;
  value: number;
  category: string | null;
  /** How `category` was chosen (CategorySource): 'import' from the file, 'rule:<id>'; null without one. */
  categorySource?: string | null;
}

/** The rows an import adds carry its change token and, when it records its file, its id. */
export interface ImportStamp {
  tx: number;
  importId: number | null;
  /** The account the rows go into, `cleared` (the bank's statement lists them); null: none. */
  account: number | null;
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
  /** The id of this import's history row: null before its first insert, or when begun without an ImportRecord. */
  readonly importId: Promise<number | null>;
  /** Commits; `counts` go into the import's history row. */
  commit(counts?: ImportCounts): Promise<void>;
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
  insertCategoriesIfMissing(names: readonly string[], tx: number): CompiledQuery;
  insertTransactions(bank: string, rows: readonly ImportedTransaction[], stamp: ImportStamp): CompiledQuery<{ import_key: string; id: number }>;
}

/** The source an imported row's category is stored with: none without a category; 'import' unless a rule chose it. */
export function sourceOf(row: ImportedTransaction): string | null {
  return row.category === null ? null : (row.categorySource ?? 'import');
}

/**
 * The parts of the import statements that read the same on every engine; each engine's
 * import-sql.ts supplies only how a batch arrives (SQLite json_each, PostgreSQL unnest).
 */
export const importSqlParts = {
  findByKeysOfBank: 'SELECT import_key, id, date, value FROM transactions WHERE bank_id = ? AND import_key IS NOT NULL AND import_key',
  insertInto: 'INSERT INTO transactions (date, description, description_folded, value, category, bank_id, import_key, category_source, import_id, change_tx, account_id, status)',
  /** New keys only; the bank's existing keys are left alone (migration 0002's partial unique index). */
  newKeysOnly: 'ON CONFLICT (bank_id, import_key) WHERE import_key IS NOT NULL DO NOTHING RETURNING import_key, id',
  insertCategoryNames: 'INSERT INTO categories (name, group_name, change_tx) SELECT',
  categoryNamesOnly: 'ON CONFLICT (name) DO NOTHING',
} as const;

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

/** The statements an import shares with every other write: its change token, history row and feed entry. */
export interface ImportBookkeeping {
  queries: { imports: ImportsQueries; changes: ChangeRecording; undo: UndoRecording };
  record?: ImportRecord;
}

/** The import session of both engines, over one engine's connection and statements. */
export class StoreImportSession implements ImportSession {
  private open = true;
  private stamp: Promise<ImportStamp> | undefined;

  constructor(
    private readonly connection: ImportConnection,
    private readonly sql: ImportSql,
    private readonly bank: string,
    private readonly translateError: (error: unknown) => unknown,
    private readonly bookkeeping: ImportBookkeeping,
  ) {}

  /** Null until the first insert: a file of duplicates only enters the history as it commits nothing else. */
  get importId(): Promise<number | null> {
    return this.stamp ? this.stamp.then((stamp) => stamp.importId) : Promise.resolve(null);
  }

  /** Taken at the first insert: a token, and the history row when the file is recorded. */
  private stamped(): Promise<ImportStamp> {
    this.stamp ??= (async () => {
      const { queries, record } = this.bookkeeping;
      const [token] = await this.run(queries.changes.nextToken());
      const tx = Number(token?.tx);
      if (!record) return { tx, importId: null, account: null };
      const takes = record.accountTakesBank;
      if (takes && record.account != null) {
        if (takes.newBankName !== null) await this.run(queries.imports.insertAccountBank(this.bank, takes.newBankName, tx));
        await this.run(queries.imports.giveAccountBank(record.account, this.bank, tx));
      }
      const [row] = await this.run(queries.imports.insertImport(this.bank, record));
      return { tx, importId: Number(row?.id), account: record.account ?? null };
    })();
    return this.stamp;
  }

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
    const stamp = await this.stamped();
    if (categories.length > 0) await this.run(this.sql.insertCategoriesIfMissing(categories, stamp.tx));
    return toKeyMap(await this.run(this.sql.insertTransactions(this.bank, rows, stamp)));
  }

  async commit(counts?: ImportCounts): Promise<void> {
    const drop = this.sql.dropOccurrenceTable();
    if (drop) await this.run(drop);
    if (this.stamp) {
      const stamp = await this.stamp;
      const { queries } = this.bookkeeping;
      if (stamp.importId !== null && counts) await this.run(queries.imports.recordCounts(stamp.importId, counts));
      // Undo by change (migration 0018): every row this import added is its change's to take back.
      await this.run(queries.undo.keep(stamp.tx, Date.now(), null, stamp.importId));
      await this.run(queries.undo.imageInList(stamp.tx, 'created'));
      // Last, right before COMMIT: the feed entry (and, on PostgreSQL, the lock that orders entries).
      for (const statement of queries.changes.append(stamp.tx)) await this.run(statement);
    }
    await this.guard(() => this.connection.commit());
    this.open = false;
    if (this.stamp) changeWritten((await this.stamp).tx);
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
