/** One imported row as the store writes it. */
export interface ImportedTransaction {
  /** De-duplication key, unique per bank (see migration 0002). */
  key: string;
  date: string;
  description: string;
  value: number;
  category: string | null;
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
   * For each distinct fingerprint given, how many rows of this file had it before this call;
   * then counts the given ones (repeats included). Kept in a temporary table, so memory does
   * not grow with the file.
   */
  countOccurrences(fingerprints: readonly string[]): Promise<Map<string, number>>;
  /** Transactions of this bank that already carry one of these keys: key -> id. */
  findByKeys(keys: readonly string[]): Promise<Map<string, number>>;
  /** Inserts the rows (creating missing categories), keys all new; key -> new id. */
  insert(rows: readonly ImportedTransaction[]): Promise<Map<string, number>>;
  commit(): Promise<void>;
  /** Discards everything this session wrote. Safe to call after a failure. */
  rollback(): Promise<void>;
}
