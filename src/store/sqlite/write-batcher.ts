import type BetterSqlite3 from 'better-sqlite3';
import { DomainError } from '../../domain/errors.js';
import { tryBeginImmediate } from './write-lock.js';

type Job<T> = () => T;

interface Pending {
  job: Job<unknown>;
  /** When it was submitted: it waits for the write lock at most busyTimeoutMs from then. */
  since: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcomes = Map<Pending, { ok: boolean; value: unknown }>;

/**
 * How a batch waits for the write lock another connection holds. A commit there takes ~0.3 ms
 * (one fsync), far less than a timer's 1 ms, so for the first SPIN_MS of a wait the batch tries
 * again at the next turn of the event loop (requests are still read in between); a longer hold
 * (an import, a checkpoint) is polled on a timer, so a waiting server does not burn a core.
 */
const SPIN_MS = 2;
const RETRY_MS = [[50, 1], [Infinity, 10]] as const;
/** In a thread of its own (writer-thread.ts) the batch may block: it sleeps this long between tries. */
const BLOCKING_RETRY_MS = 0.05;

/**
 * Group commit: writes that arrive in the same turn of the event loop share one durable commit
 * (one fsync with synchronous=FULL) instead of one each. Every caller's promise settles only after
 * that commit, so a 2xx still means "on disk". Each job runs in its own savepoint, so a job that
 * fails on purpose (a DomainError such as an unknown bank) rolls back alone; any other failure
 * (disk full, I/O error) fails the whole batch and nothing of it is kept.
 *
 * While another connection (another `serve` worker, an import, the search indexer of another
 * process) holds SQLite's write lock, the batch does not wait inside SQLite, which would stop
 * this process's event loop: it tries again on a timer, and the writes that arrive meanwhile
 * join it, so the next commit carries all of them. A write still waiting after busyTimeoutMs
 * fails with SQLITE_BUSY (503 with Retry-After).
 */
export class WriteBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly runOne: (job: Job<unknown>) => unknown;

  /**
   * `afterCommit` runs after every batch that committed (the search indexer's cue). `blocking`:
   * this thread serves no requests, so a batch waits for the lock in place (sleeping, not
   * spinning, which would take the CPU the lock holder and the request threads need); the
   * writes that arrive meanwhile wait in the message queue and make the next batch.
   */
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly busyTimeoutMs: number,
    private readonly afterCommit: () => void = () => {},
    private readonly blocking = false,
  ) {
    // Inside the batch's transaction better-sqlite3 runs this as a savepoint.
    this.runOne = db.transaction((job: Job<unknown>) => job());
  }

  submit<T>(job: Job<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ job, since: Date.now(), resolve: resolve as (value: unknown) => void, reject });
      this.schedule(() => setImmediate(() => this.attempt()));
    });
  }

  /**
   * Runs everything queued now, waiting for the write lock inside SQLite (busy_timeout) if it
   * must: for closing the store and for starting an import, where nothing else should run first.
   */
  flush(): void {
    const jobs = this.take();
    if (jobs.length === 0) return;
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      for (const item of jobs) item.reject(error);
      return;
    }
    this.commit(jobs);
  }

  private schedule(start: () => void): void {
    if (this.scheduled) return;
    this.scheduled = true;
    start();
  }

  private take(): Pending[] {
    this.scheduled = false;
    const jobs = this.pending;
    this.pending = [];
    return jobs;
  }

  /** One try for the lock: commit everything queued, or leave it queued and try again soon. */
  private attempt(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    let began: boolean;
    try {
      began = this.blocking ? this.beginWaiting() : tryBeginImmediate(this.db, this.busyTimeoutMs);
    } catch (error) {
      for (const item of this.take()) item.reject(error);
      return;
    }
    if (began) {
      this.commit(this.take());
      return;
    }
    const now = Date.now();
    const expired = this.pending.filter((item) => now - item.since >= this.busyTimeoutMs);
    if (expired.length > 0) {
      this.pending = this.pending.filter((item) => now - item.since < this.busyTimeoutMs);
      const error = Object.assign(new Error('the write lock stayed busy for the whole busy timeout'), { code: 'SQLITE_BUSY' });
      for (const item of expired) item.reject(error);
    }
    const oldest = this.pending[0];
    if (oldest === undefined) return;
    const waited = now - oldest.since;
    if (waited < SPIN_MS) this.schedule(() => setImmediate(() => this.attempt()));
    else this.schedule(() => setTimeout(() => this.attempt(), RETRY_MS.find(([upTo]) => waited < upTo)?.[1] ?? 1));
  }

  /** Tries for the lock until the oldest queued write has waited busyTimeoutMs. */
  private beginWaiting(): boolean {
    const since = this.pending[0]?.since ?? Date.now();
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
      if (tryBeginImmediate(this.db, this.busyTimeoutMs)) return true;
      if (Date.now() - since >= this.busyTimeoutMs) return false;
      Atomics.wait(sleeper, 0, 0, BLOCKING_RETRY_MS);
    }
  }

  /** Runs the jobs inside the transaction this connection has begun, then commits it. */
  private commit(jobs: Pending[]): void {
    let outcomes: Outcomes;
    try {
      outcomes = this.runJobs(jobs);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
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

  private runJobs(jobs: Pending[]): Outcomes {
    const outcomes: Outcomes = new Map();
    for (const item of jobs) {
      try {
        outcomes.set(item, { ok: true, value: this.runOne(item.job) });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.set(item, { ok: false, value: error });
      }
    }
    return outcomes;
  }
}
