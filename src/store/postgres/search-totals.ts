const MAX_ENTRIES = 512;

/** A search's exact total, and the snapshot (DialectQuirks.snapshotId) it was counted in. */
export interface KnownTotal {
  snapshot: string;
  total: number;
}

/**
 * Exact totals of description searches (PostgreSQL's counterpart of sqlite/count-cache.ts),
 * each with the id of the snapshot it was counted in. A total is served only beside a page read
 * in a snapshot with the same id: the same snapshot sees the same rows, so the total is exact for
 * that page whatever committed in between, here or in another process. Any committed write
 * changes the id, so it only costs a count. Nothing is compared across time, so nothing can be
 * served stale: the worst case is a miss.
 */
export class SearchTotals {
  private readonly totals = new Map<string, KnownTotal>();
  /** Counts running now: requests for the same search wait for one count, not start their own. */
  private readonly running = new Map<string, Promise<KnownTotal>>();

  /** The total last counted for `key`, with its snapshot, or undefined. */
  get(key: string): KnownTotal | undefined {
    return this.totals.get(key);
  }

  /** The count of `key` running now, if any. */
  runningCount(key: string): Promise<KnownTotal> | undefined {
    return this.running.get(key);
  }

  /** A count of `key` has started: later requests wait for it (runningCount) and remember it when it ends. */
  counting(key: string, counted: Promise<KnownTotal>): void {
    // Failures reach the request that started the count; a waiting one counts for itself.
    const shared = counted.then((known) => {
      this.remember(key, known);
      return known;
    });
    shared.catch(() => {});
    this.running.set(key, shared);
    void shared
      .finally(() => {
        if (this.running.get(key) === shared) this.running.delete(key);
      })
      .catch(() => {});
  }

  private remember(key: string, known: KnownTotal): void {
    if (!this.totals.has(key) && this.totals.size >= MAX_ENTRIES) this.totals.clear();
    this.totals.set(key, known);
  }
}
