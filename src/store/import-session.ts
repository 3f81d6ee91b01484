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
