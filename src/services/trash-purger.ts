import type { CorrectionsService } from './corrections.service.js';

/** How often the server looks for trash past its retention. */
export const TRASH_PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Purges the trash periodically: rows deleted more than `retentionDays` ago are forgotten. Runs
 * once at start, then every TRASH_PURGE_EVERY_MS; each run is one statement pair, safe beside
 * writers and other processes doing the same (serve --workers).
 */
export class TrashPurger {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly corrections: Pick<CorrectionsService, 'purgeExpired'>,
    private readonly retentionDays: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the timer; resolves once the first purge has run (it never rejects). */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.run(), TRASH_PURGE_EVERY_MS);
    // A pending purge must not keep a finished process alive.
    this.timer.unref();
    await this.run();
  }

  /** One purge now; resolves with how many rows went (0 when one was already running). */
  async run(): Promise<number> {
    if (this.running) return 0;
    const purge = this.corrections.purgeExpired(this.retentionDays);
    this.running = purge;
    try {
      return await purge;
    } catch (error) {
      this.onError(error);
      return 0;
    } finally {
      this.running = undefined;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }
}
