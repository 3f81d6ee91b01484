import type { Worker } from 'node:worker_threads';
import { StoreUnavailableError } from '../../domain/errors.js';
import type { TransactionQuery } from '../../domain/transaction.js';
import { hasRangeFilter, type TransactionFilter } from '../../domain/transaction-filter.js';
import type { ReportGrouping, ReportPart } from '../../domain/reports/report-parts.js';
import type { InboxPart } from '../../domain/reports/inbox.js';
import { KEYSET_OFFSET } from '../transactions/transactions-queries.js';
import type { TransactionPage, TransactionPageJson, TransactionStream } from '../store.js';
import type { ConnectionPragmas } from './connection.js';
import { startThread } from './start-thread.js';

export interface ReadThreadOptions {
  path: string;
  busyTimeoutMs: number;
  /** Tests: the thread waits at this barrier (ThreadBarrier) before each read, so a test can hold a read in progress. */
  readBarrier?: SharedArrayBuffer;
  /** Tests: the thread waits at this barrier before it says it is ready, as a start-up that takes long would. */
  startBarrier?: SharedArrayBuffer;
}

export interface ReadPoolOptions extends ReadThreadOptions {
  /** Threads reading pages at once; more pages wait for one (within their time limit). */
  threads: number;
  /**
   * A read not done within this time, waiting for a busy thread included, is answered 503 and its
   * thread abandoned. A thread's start-up is not counted (under tsx on a loaded machine it took
   * over 5 s): the clock of a read handed to a starting thread starts when the thread is ready.
   */
  statementTimeoutMs: number;
}

/** A read thread that has not opened its connection by then is given up, and its read answered 503. */
export const THREAD_START_LIMIT_MS = 60_000;

export type ReadRequest =
  | { id: number; op: 'page' | 'jsonPage' | 'openStream'; query: TransactionQuery }
  | { id: number; op: 'reportParts'; filter: TransactionFilter; grouping: ReportGrouping }
  | { id: number; op: 'inboxParts' }
  | { id: number; op: 'all' | 'first'; statement: StatementText }
  | { id: number; op: 'nextBatch' | 'pragmas' };

/** A compiled read statement as it crosses to a read thread: its text and values, no syntax tree. */
export interface StatementText {
  sql: string;
  parameters: readonly unknown[];
}

/** What a read thread posts: once `ready` (its connection open), then one reply per request. */
export type ReadThreadMessage = ReadReply | { ready: true };

export type ReadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; code: string | undefined };

type RequestBody = ReadRequest extends infer R ? (R extends ReadRequest ? Omit<R, 'id'> : never) : never;

/**
 * Whether SQLite reads the page by walking one index and stops after `offset + limit` rows: no
 * description filter, a shallow offset, and either id order with at most one of category and
 * bank (each has its own index, ordered by id within a value) or, unfiltered, the value order
 * (its index, migration 0004). Such a page costs about the same whatever the table's size, and is
 * read in the event loop; any other page may read or sort the whole table and goes to a read thread.
 */
export function isIndexBoundedPage(query: TransactionQuery): boolean {
  // A date or value range walks its index order until enough rows match: not bounded.
  // An account's rows are indexed by date (migration 0019), and sorted otherwise.
  if (query.descriptionContains !== undefined || query.offset >= KEYSET_OFFSET || hasRangeFilter(query) || query.account !== undefined) return false;
  const first = query.sort[0];
  const filters = (query.category === undefined ? 0 : 1) + (query.bank === undefined ? 0 : 1);
  if (first === undefined || first.field === 'id') return filters <= 1;
  return first.field === 'value' && filters === 0;
}

/** One read thread and its requests in flight (a pool thread has at most one). */
class ReadThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private failure: Error | undefined;
  private readonly onFailure: (error: Error) => void;
  /** Settles once the thread has stopped (an abandoned one: once its statement has returned). */
  readonly exited: Promise<void>;
  /** Resolves once the thread has opened its connection and takes requests; rejects if it fails first. */
  readonly ready: Promise<void>;
  isReady = false;

  constructor(options: ReadThreadOptions) {
    this.worker = startThread('read-thread', options);
    this.worker.unref();
    let started: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
    // Nobody may be waiting for it (a stream's thread); its failure reaches the callers through fail().
    this.ready.catch(() => {});
    this.onFailure = failed;
    this.worker.on('message', (message: ReadThreadMessage) => {
      if ('ready' in message) {
        this.isReady = true;
        started();
        return;
      }
      const reply = message;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(Object.assign(new Error(reply.message), { code: reply.code }));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    void this.exited.then(() => this.fail(new Error('the read thread stopped')));
  }

  get broken(): boolean {
    return this.failure !== undefined;
  }

  call<T>(request: RequestBody): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Held while it owes an answer; idle, it must not keep a finished process alive.
      this.worker.ref();
      this.worker.postMessage({ ...request, id } as ReadRequest);
    });
  }

  /**
   * Stops the thread. A statement in progress cannot be interrupted (better-sqlite3 offers no
   * sqlite3_interrupt): the thread ends, and its connection and snapshot close, when it returns.
   */
  abandon(reason: Error): void {
    this.fail(reason);
    void this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.onFailure(error);
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

interface Job {
  request: RequestBody;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
  thread?: ReadThread;
  settled: boolean;
}

/**
 * A few threads that read pages, reports and scans for the SQLite store, each on a read-only
 * connection of its own. A read that is not done within the statement time limit (from when it
 * was asked for, a thread's start-up excepted: see ReadPoolOptions) is answered with StoreUnavailableError (503 with Retry-After), and the thread reading it is
 * abandoned and replaced. An abandoned thread still runs until its statement returns, so while
 * as many abandoned threads are running as the pool has threads, no replacement starts: pages
 * wait, and are refused at their time limit, rather than stack up more work on the same cores.
 */
export class ReadPool {
  private readonly idle: ReadThread[] = [];
  private readonly queue: Job[] = [];
  private live = 0;
  private abandoned = 0;
  private closed = false;

  constructor(private readonly options: ReadPoolOptions) {}

  page(query: TransactionQuery): Promise<TransactionPage> {
    return this.run({ op: 'page', query }) as Promise<TransactionPage>;
  }

  jsonPage(query: TransactionQuery): Promise<TransactionPageJson> {
    return this.run({ op: 'jsonPage', query }) as Promise<TransactionPageJson>;
  }

  /** A report read here may scan the whole table (a description filter, payees). */
  reportParts(filter: TransactionFilter, grouping: ReportGrouping): Promise<ReportPart[]> {
    return this.run({ op: 'reportParts', filter, grouping }) as Promise<ReportPart[]>;
  }

  /**
   * Any read statement that may scan many rows (a deep page of the trash, a pass over every
   * transaction by id for rules and suggestions): its rows, read on a thread under the time limit.
   */
  all<T>(query: StatementText): Promise<T[]> {
    return this.run({ op: 'all', statement: { sql: query.sql, parameters: query.parameters } }) as Promise<T[]>;
  }

  first<T>(query: StatementText): Promise<T | undefined> {
    return this.run({ op: 'first', statement: { sql: query.sql, parameters: query.parameters } }) as Promise<T | undefined>;
  }

  /** The review inbox scans the uncategorised rows. */
  inboxParts(): Promise<InboxPart[]> {
    return this.run({ op: 'inboxParts' }) as Promise<InboxPart[]>;
  }

  /**
   * A streamed page on a thread of its own (outside the pool, which stays free for pages): its
   * snapshot lives as long as the stream, which the caller bounds (StreamGate). abandon() ends
   * the thread at once, whatever it is doing.
   */
  async stream(query: TransactionQuery): Promise<TransactionStream> {
    const thread = new ReadThread(this.options);
    try {
      const total = await thread.call<number>({ op: 'openStream', query });
      return { total, batches: batchesOf(thread), abandon: () => thread.abandon(new Error('the stream was abandoned')) };
    } catch (error) {
      thread.abandon(error as Error);
      throw error;
    }
  }

  /**
   * The settings of every thread's connection, read in each thread (tests of durability):
   * as many requests at once as the pool has threads, so on an idle pool each thread answers one.
   */
  connectionPragmas(): Promise<ConnectionPragmas[]> {
    return Promise.all(Array.from({ length: this.options.threads }, () => this.run({ op: 'pragmas' }) as Promise<ConnectionPragmas>));
  }

  close(): void {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new StoreUnavailableError('the store is closing'));
    for (const thread of this.idle.splice(0)) thread.abandon(new Error('the store is closing'));
  }

  private run(request: RequestBody): Promise<unknown> {
    if (this.closed) return Promise.reject(new StoreUnavailableError('the store is closing'));
    return new Promise((resolve, reject) => {
      const job: Job = { request, resolve, reject, settled: false, timer: undefined };
      this.arm(job, this.options.statementTimeoutMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? this.startThread();
      if (!thread) return;
      const job = this.queue.shift() as Job;
      job.thread = thread;
      if (!thread.isReady) this.awaitStart(job, thread);
      thread.call(job.request).then(
        (value) => this.finish(job, thread, undefined, value),
        (error: Error) => this.finish(job, thread, error),
      );
    }
  }

  /**
   * A read handed to a thread still starting: its clock stops until the thread is ready, then
   * starts again with the whole limit (start-up is the pool's cost, not the statement's), bounded
   * by THREAD_START_LIMIT_MS.
   */
  private awaitStart(job: Job, thread: ReadThread): void {
    this.arm(job, THREAD_START_LIMIT_MS, `the read thread did not start within ${THREAD_START_LIMIT_MS} ms`);
    void thread.ready.then(
      () => {
        if (!job.settled && job.thread === thread) this.arm(job, this.options.statementTimeoutMs);
      },
      () => {},
    );
  }

  private arm(job: Job, ms: number, reason?: string): void {
    clearTimeout(job.timer);
    job.timer = setTimeout(() => this.expire(job, reason), ms);
  }

  private startThread(): ReadThread | undefined {
    if (this.closed || this.live >= this.options.threads || this.abandoned >= this.options.threads) return undefined;
    this.live += 1;
    return new ReadThread(this.options);
  }

  private finish(job: Job, thread: ReadThread, error: Error | undefined, value?: unknown): void {
    if (job.thread !== thread) return;
    job.thread = undefined;
    if (thread.broken) this.live -= 1;
    else if (this.closed) thread.abandon(new Error('the store is closing'));
    else this.idle.push(thread);
    this.settle(job, error, value);
    this.dispatch();
  }

  private expire(job: Job, reason?: string): void {
    if (job.settled) return;
    const limit = this.options.statementTimeoutMs;
    const error = new StoreUnavailableError(reason ?? `the query did not finish within the statement time limit (${limit} ms)`);
    const thread = job.thread;
    if (thread) {
      job.thread = undefined;
      this.live -= 1;
      this.abandoned += 1;
      thread.abandon(error);
      void thread.exited.then(() => {
        this.abandoned -= 1;
        this.dispatch();
      });
    } else {
      this.queue.splice(this.queue.indexOf(job), 1);
    }
    this.settle(job, error);
    this.dispatch();
  }

  private settle(job: Job, error: Error | undefined, value?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    if (error) job.reject(error);
    else job.resolve(value);
  }
}

async function* batchesOf(thread: ReadThread): AsyncGenerator<string, void, undefined> {
  try {
    for (;;) {
      const batch = await thread.call<string | null>({ op: 'nextBatch' });
      if (batch === null) return;
      yield batch;
    }
  } finally {
    thread.abandon(new Error('the stream ended'));
  }
}
