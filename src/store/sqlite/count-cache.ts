import type BetterSqlite3 from 'better-sqlite3';
import type { TransactionQuery } from '../../domain/transaction.js';
import { searchTotalKey } from '../transactions/search-total-key.js';

const MAX_ENTRIES = 512;

/**
 * What this connection knows of the data's version: `PRAGMA data_version` moves when another
 * connection (thread, process) commits, `total_changes()` when this one writes rows (see CountCache).
 */
export const DATA_VERSION_SQL = "SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()";

/**
 * Exact totals of description searches, remembered until the data changes. A search total
 * needs the matching rows counted (a trigram-index walk, or a full scan for 1-2 characters), and
 * paging through one search asks for the same total again and again.
 * "The data changed" is `PRAGMA data_version` (moves when another connection commits) plus
 * `total_changes()` (rows this connection wrote, by any path: API writes, imports, triggers;
 * rolled-back ones too, which only costs a miss). The version is read before the snapshot
 * starts: a commit landing between that read and the snapshot moves the version, so the total
 * it produced is never served to anyone; with no commit in between, total and version agree.
 */
export class CountCache {
  private version = '';
  private readonly totals = new Map<string, number>();
  private readonly dataVersion: BetterSqlite3.Statement;

  constructor(db: BetterSqlite3.Database) {
    this.dataVersion = db.prepare(DATA_VERSION_SQL).pluck();
  }

  /**
   * Call first inside the read transaction, before any table is read. `shared` is false when the
   * read runs inside another transaction of this connection (an import in progress): it sees
   * uncommitted rows that a rollback could take back without moving the version.
   */
  total(query: TransactionQuery, shared: boolean, count: () => number): number {
    const key = searchTotalKey(query);
    if (!shared || key === undefined) return count();
    const version = String(this.dataVersion.get());
    if (version !== this.version) {
      this.totals.clear();
      this.version = version;
    }
    let total = this.totals.get(key);
    if (total === undefined) {
      total = count();
      if (this.totals.size >= MAX_ENTRIES) this.totals.clear();
      this.totals.set(key, total);
    }
    return total;
  }
}
