import type BetterSqlite3 from 'better-sqlite3';
import { connectionPragmas, type ConnectionPragmas } from './connection.js';
import { SearchIndexer } from './search-indexer.js';
import type { Recorded } from '../engine/write-steps.js';
import type { WriteArgs, WriteName, WriteResult } from '../writes.js';
import { SqliteWrites } from './sqlite-writes.js';
import { WriteBatcher } from './write-batcher.js';

export type IndexOutcome = 'indexed' | 'done' | 'busy';

/** Control of the search indexer wherever it runs (tests pause it to see the index lag). */
export interface SearchIndexControl {
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Indexes one chunk now (see SearchIndexer.indexChunk). */
  indexChunk(rows?: number): Promise<IndexOutcome>;
  /** Resolves once the indexer has found nothing left to index (see SearchIndexer.caughtUp). */
  caughtUp(): Promise<void>;
}

/**
 * Where the SQLite store's writes run: group-committed batches of write programs (writes.ts),
 * plus the search indexer that follows the commits.
 */
export interface Writer {
  /** Runs a write; answers its result with the change it recorded (writes.ts programOf). */
  submit<K extends WriteName>(op: K, ...args: WriteArgs<K>): Promise<Recorded<WriteResult<K>>>;
  /** Commits everything queued so far (an import is about to take the write lock). */
  flush(): Promise<void>;
  /** Rows were committed outside this writer (an import): the indexer should look. */
  kickIndexer(): void;
  readonly searchIndex: SearchIndexControl;
  /** The settings of the connection the writes commit on, read where it lives. */
  connectionPragmas(): Promise<ConnectionPragmas>;
  /** Commits what is queued and stops; the connection it used stays open only if it is the store's. */
  close(): Promise<void>;
}

/**
 * Writes on the store's own connection, in its own event loop: for ':memory:' databases (no
 * other connection can see them) and short-lived commands, where a thread is not worth starting.
 */
export class InlineWriter implements Writer {
  private readonly writes: SqliteWrites;
  private readonly batcher: WriteBatcher;
  private readonly indexer: SearchIndexer;
  readonly searchIndex: SearchIndexControl;

  constructor(
    private readonly db: BetterSqlite3.Database,
    busyTimeoutMs: number,
  ) {
    this.writes = new SqliteWrites(db);
    this.indexer = new SearchIndexer(db, busyTimeoutMs);
    this.batcher = new WriteBatcher(db, busyTimeoutMs, () => this.indexer.kick());
    this.searchIndex = controlOf(this.indexer);
    // Rows left unindexed by a process that stopped early are picked up by the next start.
    this.indexer.kick();
  }

  submit<K extends WriteName>(op: K, ...args: WriteArgs<K>): Promise<Recorded<WriteResult<K>>> {
    return this.batcher.submit(() => this.writes.run({ op, args }) as Recorded<WriteResult<K>>);
  }

  async flush(): Promise<void> {
    this.batcher.flush();
  }

  kickIndexer(): void {
    this.indexer.kick();
  }

  async connectionPragmas(): Promise<ConnectionPragmas> {
    return connectionPragmas(this.db);
  }

  async close(): Promise<void> {
    this.batcher.flush();
    this.indexer.close();
  }
}

function controlOf(indexer: SearchIndexer): SearchIndexControl {
  return {
    pause: async () => indexer.pause(),
    resume: async () => indexer.resume(),
    indexChunk: async (rows) => indexer.indexChunk(rows),
    caughtUp: () => indexer.caughtUp(),
  };
}
