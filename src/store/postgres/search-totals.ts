const MAX_ENTRIES = 512;

/**
 * Exact totals of description searches, remembered while the change feed's horizon stands still
 * (PostgreSQL's counterpart of sqlite/count-cache.ts). Every write that changes a transaction
 * appends a feed entry, taking the next seq, before it commits; the horizon (changeFeedHorizon)
 * is read behind a barrier that waits for every write between its append and its commit. So a
 * total counted in a snapshot taken after reading horizon H holds every write at or below H and
 * none that is not yet committed; while a later read still finds H, no write has appended since,
 * so nothing has committed since either: the total is still exact. A write that rolls back after
 * taking a seq only costs a miss. Counted under an older horizon than the newest seen: not kept.
 */
export class SearchTotals {
  private version: number | undefined;
  private readonly totals = new Map<string, number>();
  /** Counts running now at `version`: requests for the same search wait for one count, not start their own. */
  private readonly running = new Map<string, Promise<number>>();

  /** The total remembered for `key` at horizon `version`, or undefined. */
  get(key: string, version: number): number | undefined {
    if (version !== this.version) {
      if (this.version !== undefined && version < this.version) return undefined;
      this.totals.clear();
      this.running.clear();
      this.version = version;
    }
    return this.totals.get(key);
  }

  /** The count of `key` already running at horizon `version`, if any (call after get). */
  runningCount(key: string, version: number): Promise<number> | undefined {
    return version === this.version ? this.running.get(key) : undefined;
  }

  /** A count of `key` has started at horizon `version`: later requests wait for it (runningCount). */
  counting(key: string, version: number, total: Promise<number>): void {
    if (version !== this.version) return;
    // Failures reach the request that started the count; a waiting one counts for itself.
    const shared = total.catch(() => undefined).then((value) => value ?? Promise.reject(new Error('the count failed')));
    shared.catch(() => {});
    this.running.set(key, shared);
    void shared.finally(() => {
      if (this.running.get(key) === shared) this.running.delete(key);
    }).catch(() => {});
  }

  /** Remembers a total counted in a snapshot taken after reading horizon `version`. */
  set(key: string, version: number, total: number): void {
    if (version !== this.version) return;
    if (this.totals.size >= MAX_ENTRIES) this.totals.clear();
    this.totals.set(key, total);
  }
}
