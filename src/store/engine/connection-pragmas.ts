/**
 * A SQLite connection's settings that decide durability (read back from the connection, never
 * assumed): what the store reports as warnings and what `moneta copy` checks on its target.
 * Here, not in sqlite/, because whole-table access (copy/) names it for either engine.
 */
export interface ConnectionPragmas {
  journalMode: string;
  synchronous: number;
  foreignKeys: boolean;
  busyTimeoutMs: number;
}
