import type BetterSqlite3 from 'better-sqlite3';
import { DomainError } from '../../domain/errors.js';

type Job<T> = () => T;

interface Pending {
  job: Job<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit: writes that arrive in the same turn of the event loop share one durable commit
 * (one fsync with synchronous=FULL) instead of one each. Every caller's promise settles only after
 * that commit, so a 2xx still means "on disk". Each job runs in its own savepoint, so a job that
 * fails on purpose (a DomainError such as an unknown bank) rolls back alone; any other failure
 * (disk full, lock timeout) fails the whole batch and nothing of it is kept.
 */
export class WriteBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly commitBatch: (jobs: Pending[]) => Map<Pending, { ok: boolean; value: unknown }>;

  /** `afterCommit` runs after every batch that committed (the search indexer's cue). */
  constructor(
    db: BetterSqlite3.Database,
    private readonly afterCommit: () => void = () => {},
  ) {
    const runOne = db.transaction((job: Job<unknown>) => job());
    const batch = db.transaction((jobs: Pending[]) => {
      const outcomes = new Map<Pending, { ok: boolean; value: unknown }>();
      for (const item of jobs) {
        try {
          outcomes.set(item, { ok: true, value: runOne(item.job) });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          outcomes.set(item, { ok: false, value: error });
        }
      }
      return outcomes;
    });
    this.commitBatch = (jobs) => batch.immediate(jobs);
  }

  submit<T>(job: Job<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ job, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Runs everything queued now; also used before closing. */
  flush(): void {
    this.scheduled = false;
    const jobs = this.pending;
    this.pending = [];
    if (jobs.length === 0) return;
    let outcomes: Map<Pending, { ok: boolean; value: unknown }>;
    try {
      outcomes = this.commitBatch(jobs);
    } catch (error) {
      for (const item of jobs) item.reject(error);
      return;
    }
    this.afterCommit();
    for (const item of jobs) {
      const outcome = outcomes.get(item);
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.value);
    }
  }

  get idle(): boolean {
    return this.pending.length === 0;
  }
}
