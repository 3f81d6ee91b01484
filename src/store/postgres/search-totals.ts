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

  /** The total remembered for `key` at horizon `version`, or undefined. */
  get(key: string, version: number): number | undefined {
    if (version !== this.version) {
      if (this.version !== undefined && version < this.version) return undefined;
      this.totals.clear();
      this.version = version;
    }
    return this.totals.get(key);
  }

  /** Remembers a total counted in a snapshot taken after reading horizon `version`. */
  set(key: string, version: number, total: number): void {
    if (version !== this.version) return;
    if (this.totals.size >= MAX_ENTRIES) this.totals.clear();
    this.totals.set(key, total);
  }
}
