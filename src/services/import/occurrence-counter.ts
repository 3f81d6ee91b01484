import { dateOfFingerprint } from '../../domain/import-keys.js';
import type { ImportSession } from '../../store/imports/import-session.js';

/**
 * Numbers the rows of one file that share a fingerprint: 1, 2, 3... in file order.
 * Counts stay in memory up to a limit; beyond it, the counts of every date but the current
 * one are set aside in the session's temporary table and their dates remembered. A row only
 * costs a lookup when its date was set aside, which for a statement sorted by date (ascending
 * or descending, as banks export them) never happens: memory stays bounded and the lookups free.
 */
export class OccurrenceCounter {
  private readonly counts = new Map<string, number>();
  private readonly setAsideDates = new Set<string>();

  /**
   * `tag` prefixes the fingerprints this counter sets aside, so two counters of one import (the
   * rows as read now, and their former readings) share the session's table without mixing.
   */
  private readonly tag: string;
  private readonly limit: number;

  constructor(
    private readonly session: ImportSession,
    options: { tag?: string; limit?: number } = {},
  ) {
    this.tag = options.tag ?? '';
    this.limit = options.limit ?? 50_000;
  }

  /** The occurrence number of each fingerprint, in order. */
  async number(fingerprints: readonly string[]): Promise<number[]> {
    if (this.setAsideDates.size > 0) {
      const wanted = [...new Set(fingerprints.filter((fp) => !this.counts.has(fp) && this.setAsideDates.has(dateOfFingerprint(fp))))];
      if (wanted.length > 0) {
        const stored = await this.session.loadOccurrences(wanted.map((fp) => this.tag + fp));
        for (const fingerprint of wanted) this.counts.set(fingerprint, stored.get(this.tag + fingerprint) ?? 0);
      }
    }
    const numbers = fingerprints.map((fingerprint) => {
      const next = (this.counts.get(fingerprint) ?? 0) + 1;
      this.counts.set(fingerprint, next);
      return next;
    });
    const last = fingerprints[fingerprints.length - 1];
    if (this.counts.size > this.limit && last !== undefined) await this.setAside(dateOfFingerprint(last));
    return numbers;
  }

  private async setAside(currentDate: string): Promise<void> {
    const aside = new Map<string, number>();
    for (const [fingerprint, count] of this.counts) {
      const date = dateOfFingerprint(fingerprint);
      if (date === currentDate) continue;
      aside.set(this.tag + fingerprint, count);
      this.setAsideDates.add(date);
    }
    if (aside.size === 0) return;
    await this.session.saveOccurrences(aside);
    for (const fingerprint of aside.keys()) this.counts.delete(fingerprint.slice(this.tag.length));
  }
}
