const MAX_ANSWERS = 64;

/**
 * Finished reports, remembered while the store's data version stands still
 * (ReportsRepository.version): a report over five years by month, or totals that scan for a
 * description or a value range, cost milliseconds to tens of milliseconds each, and a dashboard
 * asks for the same ones again and again. The version is read before the report's snapshot, and
 * any commit (any connection, any process) moves it, so an answer is only ever served to a
 * request that started when no commit had happened since its version was read: it holds every
 * write that request could know of. A request that finds another version drops every answer.
 * Requests for the same report at the same version share one reading, so a burst reads once.
 * The answers are shared: callers never change them.
 */
export class ReportAnswers {
  private version: string | undefined;
  private readonly answers = new Map<string, Promise<unknown>>();

  /** The answer for `key` at `version`, read by `read` unless remembered; no version: always read. */
  answer<T>(version: string | undefined, key: string, read: () => Promise<T>): Promise<T> {
    if (version === undefined) return read();
    if (version !== this.version) {
      this.answers.clear();
      this.version = version;
    }
    const known = this.answers.get(key);
    if (known) return known as Promise<T>;
    const reading = read();
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(key, reading);
    // A failed reading is not remembered: the next request reads again.
    reading.catch(() => {
      if (this.answers.get(key) === reading) this.answers.delete(key);
    });
    return reading;
  }
}
