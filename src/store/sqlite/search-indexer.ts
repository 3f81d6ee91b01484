import type BetterSqlite3 from 'better-sqlite3';
import { tryBeginImmediate } from './write-lock.js';

export interface SearchIndexerOptions {
  /** Rows indexed per transaction: bounds how long one chunk holds the write lock and the event loop. */
  chunkRows?: number;
  /** How soon after a write (or a busy lock) the indexer looks for a backlog again. */
  delayMs?: number;
  /** How often it looks for rows other processes wrote (a CLI import, another worker that stopped). */
  pollMs?: number;
}

const DEFAULT_CHUNK_ROWS = 2000;
const DEFAULT_DELAY_MS = 100;
const DEFAULT_POLL_MS = 250;

/**
 * Feeds the FTS5 trigram index (migrations 0004, 0005) off the write path: rows are indexed in
 * bulk shortly after they are committed, in chunks of ascending id, each chunk in one short
 * BEGIN IMMEDIATE transaction that also moves the watermark (search_index_state.indexed_through)
 * to the chunk's last id. Searches read the watermark in their own snapshot and scan the rows
 * above it, so they never depend on how far behind the index is.
 *
 * Why the watermark never skips a row: every chunk reads "ids above the watermark" while holding
 * SQLite's one write lock, so no other transaction (in this process or another) is between its
 * inserts and its commit at that moment: every row that will ever have an id at or below what
 * the chunk reads is already committed. Later rows get larger ids: transactions.id is
 * AUTOINCREMENT (0001), which never hands out an id at or below one used before, even after a
 * delete; an id given explicitly (`moneta copy`) goes through a copy that rebuilds the index.
 *
 * Several processes (serve --workers, the CLI) may run one each: whoever takes the lock first
 * indexes the next chunk, the others find the watermark moved and skip that work.
 */
export class SearchIndexer {
  private readonly chunkRows: number;
  private readonly delayMs: number;
  private statements: Statements | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly poll: NodeJS.Timeout;
  private running = false;
  private paused = false;
  private closed = false;
  /** Waiting for a run that finds nothing left to index (see caughtUp). */
  private caughtUpWaiters: (() => void)[] = [];

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly busyTimeoutMs: number,
    options: SearchIndexerOptions = {},
  ) {
    this.chunkRows = Math.max(1, Math.floor(options.chunkRows ?? DEFAULT_CHUNK_ROWS));
    this.delayMs = Math.max(0, options.delayMs ?? DEFAULT_DELAY_MS);
    // Checking for a backlog is two index lookups; a process with nothing to do stays idle.
    this.poll = setInterval(() => this.schedule(0), Math.max(10, options.pollMs ?? DEFAULT_POLL_MS));
    // A backlog alone must not keep a finished process alive: a running server or the next start catches up.
    this.poll.unref();
  }

  /** Something was written: look for a backlog soon. Cheap to call after every commit. */
  kick(): void {
    this.schedule(this.delayMs);
  }

  /** For tests: stop indexing (searches then scan everything above the watermark). */
  pause(): void {
    this.paused = true;
    this.cancel();
  }

  resume(): void {
    this.paused = false;
    this.schedule(0);
  }

  /**
   * Resolves once a run finds nothing left to index, rows other processes wrote included; a run
   * starts now. Tests wait on it instead of on time. Never resolves while paused or closed.
   */
  caughtUp(): Promise<void> {
    return new Promise((resolve) => {
      this.caughtUpWaiters.push(resolve);
      this.schedule(0);
    });
  }

  close(): void {
    this.closed = true;
    this.cancel();
    clearInterval(this.poll);
  }

  /**
   * One chunk in its own transaction. 'busy' when another connection holds the write lock (no
   * wait: the event loop must not block on it; the timer retries), 'done' when nothing is left.
   */
  indexChunk(rows = this.chunkRows): 'indexed' | 'done' | 'busy' {
    // Prepared on first use: the store may be opened before it is migrated.
    this.statements ??= prepare(this.db);
    const { backlog, chunkEnd, insertChunk, moveWatermark } = this.statements;
    if (!backlog.get()) return 'done';
    // The index is derived data: its commit needs no fsync of its own (WAL stays consistent
    // with NORMAL; a lost chunk is re-indexed). The next durable write syncs these frames too.
    this.db.pragma('synchronous = NORMAL');
    let began: boolean;
    try {
      began = tryBeginImmediate(this.db, this.busyTimeoutMs);
    } finally {
      if (!this.db.inTransaction) this.db.pragma('synchronous = FULL');
    }
    if (!began) return 'busy';
    try {
      const { after, through } = chunkEnd.get(rows) as { after: number; through: number | null };
      if (through === null) {
        this.db.exec('COMMIT');
        return 'done';
      }
      insertChunk.run(after, through);
      moveWatermark.run(through, after);
      this.db.exec('COMMIT');
      return 'indexed';
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.db.pragma('synchronous = FULL');
    }
  }

  private schedule(delayMs: number): void {
    if (this.paused || this.closed || this.timer !== undefined || this.running) return;
    this.timer = setTimeout(() => this.run(), delayMs);
    this.timer.unref();
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Chunks until done, yielding to the event loop between them so requests interleave. */
  private run(): void {
    this.timer = undefined;
    if (this.paused || this.closed) return;
    // A write job of this connection is open (an import session): never index inside it.
    if (this.db.inTransaction) return this.schedule(this.delayMs);
    this.running = true;
    let outcome: 'indexed' | 'done' | 'busy';
    try {
      outcome = this.indexChunk();
    } catch {
      // A full disk or I/O error: searches stay exact without the index; try again later.
      outcome = 'busy';
    } finally {
      this.running = false;
    }
    if (outcome === 'indexed') {
      setImmediate(() => {
        if (this.timer === undefined && !this.running) this.run();
      });
    } else if (outcome === 'busy') {
      this.schedule(this.delayMs);
    } else {
      for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
    }
  }
}

interface Statements {
  backlog: BetterSqlite3.Statement;
  chunkEnd: BetterSqlite3.Statement;
  insertChunk: BetterSqlite3.Statement;
  moveWatermark: BetterSqlite3.Statement;
}

function prepare(db: BetterSqlite3.Database): Statements {
  return {
    backlog: db.prepare('SELECT coalesce((SELECT max(id) FROM transactions), 0) > (SELECT indexed_through FROM search_index_state)').pluck(),
    // The watermark is read again inside the lock: another process may have moved it.
    chunkEnd: db.prepare(
      `SELECT (SELECT indexed_through FROM search_index_state) AS after,
        (SELECT max(id) FROM (SELECT id FROM transactions WHERE id > (SELECT indexed_through FROM search_index_state) ORDER BY id LIMIT ?)) AS through`,
    ),
    insertChunk: db.prepare(
      'INSERT INTO transactions_fts (rowid, description_folded) SELECT id, description_folded FROM transactions WHERE id > ? AND id <= ? ORDER BY id',
    ),
    moveWatermark: db.prepare('UPDATE search_index_state SET indexed_through = ? WHERE indexed_through = ?'),
  };
}
