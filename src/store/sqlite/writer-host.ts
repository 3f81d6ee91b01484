import type BetterSqlite3 from 'better-sqlite3';
import { connectionPragmas, openConnection } from './connection.js';
import { SearchIndexer } from './search-indexer.js';
import { SqliteWrites } from './sqlite-writes.js';
import { WriteBatcher } from './write-batcher.js';
import { toWire, type WriterReply, type WriterRequest, type WriterThreadOptions } from './writer-protocol.js';

/**
 * Checkpoint every 10,000 WAL pages (~40 MB) instead of SQLite's 1,000. Writes at random places
 * (the value index, a PUT's row and category entries) dirty a page per row; a longer window lets
 * a page changed many times be copied back once. Measured at 1,000,000 rows, writer alone,
 * batches of 16: creates 8,000-9,300 -> 10,900-12,300 rows/s, category changes 8,100-9,600 -> 10,600-12,100;
 * through HTTP (`npm run bench -- --only post,put`, alternating runs): `post` ~5,100 -> ~6,200,
 * `put` ~6,700 -> ~8,600 req/s. The price: a checkpoint now takes up to ~100 ms, during which
 * writes wait (reads do not: they run on their own connections), and recovery after a crash
 * reads up to ~40 MB of WAL.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/** A WAL that grew past this (a long read held back the checkpoints) is cut back once they catch up. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Where the replies to one client of the host go (a thread's port, a cluster worker). */
export type ReplySink = (replies: WriterReply[]) => void;

/**
 * The writing side of a SQLite store, for stores that send their writes elsewhere: a connection
 * of its own, group-committed batches of SqliteWrites operations and the search indexer. It
 * runs in a place that serves no requests (a worker thread, or the primary of `serve --workers`),
 * so it may block: on a commit's fsync, on another process's write lock, on an index merge.
 * One host serves every store of the server, so all their writes share one commit.
 */
export class WriterHost {
  private readonly db: BetterSqlite3.Database;
  private readonly writes: SqliteWrites;
  private readonly indexer: SearchIndexer;
  private readonly batcher: WriteBatcher;
  private readonly outboxes = new Map<ReplySink, WriterReply[]>();

  constructor(options: WriterThreadOptions) {
    this.db = openConnection(options.path, options.busyTimeoutMs);
    // The commits that cross the threshold run the checkpoints, here, off the request path.
    this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    this.db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    this.writes = new SqliteWrites(this.db);
    this.indexer = new SearchIndexer(this.db, options.busyTimeoutMs);
    this.batcher = new WriteBatcher(this.db, options.busyTimeoutMs, () => this.indexer.kick(), true);
    // Rows left unindexed by a process that stopped early are picked up by the next start.
    this.indexer.kick();
  }

  handle(requests: WriterRequest[], sink: ReplySink): void {
    for (const request of requests) this.handleOne(request, sink);
  }

  /** Commits what is queued, stops the indexer and closes the connection. */
  close(): void {
    this.batcher.flush();
    this.indexer.close();
    this.db.close();
  }

  private handleOne(request: WriterRequest, sink: ReplySink): void {
    const done = (value: unknown) => this.reply(sink, { id: request.id, ok: true, value });
    const failed = (error: unknown) => this.reply(sink, { id: request.id, ok: false, error: toWire(error) });
    if ('command' in request) {
      const { command } = request;
      this.batcher.submit(() => this.writes.run(command)).then(done, failed);
      return;
    }
    if (request.control === 'caught-up') {
      // Answered later, when the indexer gets there; other requests go on meanwhile.
      this.indexer.caughtUp().then(done, failed);
      return;
    }
    try {
      done(this.control(request));
    } catch (error) {
      failed(error);
    }
  }

  private control(request: Exclude<WriterRequest, { command: unknown } | { control: 'caught-up' }>): unknown {
    switch (request.control) {
      case 'flush':
        return this.batcher.flush();
      case 'kick':
        return this.indexer.kick();
      case 'pause':
        return this.indexer.pause();
      case 'resume':
        return this.indexer.resume();
      case 'index-chunk':
        return this.indexer.indexChunk(request.rows);
      case 'pragmas':
        return connectionPragmas(this.db);
    }
  }

  /** Replies of one turn travel together, one message per client. */
  private reply(sink: ReplySink, reply: WriterReply): void {
    let outbox = this.outboxes.get(sink);
    if (!outbox) {
      outbox = [];
      this.outboxes.set(sink, outbox);
      setImmediate(() => {
        this.outboxes.delete(sink);
        sink(outbox as WriterReply[]);
      });
    }
    outbox.push(reply);
  }
}
