import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { StoreUnavailableError, type StoreDamagedError } from '../../domain/errors.js';
import type { TransactionQuery } from '../../domain/transaction.js';
import { sqliteQuirks } from './sqlite-quirks.js';
import { EngineStore, engineNeutralError, migrateToLatest, PING_SQL } from '../engine-store.js';
import type { EngineParts } from '../engine-store.js';
import type { Database as Schema } from '../engine/schema.js';
import type { TransactionStream } from '../store.js';
import type { ImportSession } from '../imports/import-session.js';
import type { ImportRecord } from '../imports/imports-queries.js';
import { StoreQueries } from '../writes.js';
import { CompiledStatements } from './compiled-statements.js';
import { DATA_VERSION_SQL } from './count-cache.js';
import { connectionPragmas, durabilityProblems, openConnection, type ConnectionPragmas } from './connection.js';
import { damagedStore, isDamage } from './damage.js';
import { RemoteWriter } from './remote-writer.js';
import { beginSqliteImport } from './sqlite-import-session.js';
import { inlineImportTransaction, type ImportTransaction, threadImportTransaction } from './import-transaction.js';
import { openSqliteStream } from './sqlite-stream.js';
import { InlineWriter, type SearchIndexControl, type Writer } from './writer.js';
import { primaryTransport, threadTransport } from './writer-transports.js';
import { PageReader } from './page-reader.js';
import { isIndexBoundedPage, ReadPool, type ReadThreadOptions } from './read-pool.js';
import { StreamGate } from '../engine/stream-gate.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimitOptions } from '../../config/limits.js';

export interface SqliteStoreOptions {
  /** A file path, or ':memory:' for a private in-memory database (tests). */
  path: string;
  /** How long a write waits for another process's lock before answering 503. */
  busyTimeoutMs?: number;
  /**
   * Where writes and the search indexer run. 'inline' (default): on this connection, in this
   * event loop (':memory:' always, which no other connection can see; one-shot commands).
   * 'thread': a worker thread with its own connection, so commits (fsync), lock waits and index
   * merges never stop this event loop (`serve` with one process). 'primary': the primary of
   * `serve --workers`, which commits every worker's writes together (see WriterHost).
   */
  writer?: 'inline' | 'thread' | 'primary';
  /**
   * Threads that read the pages an index cannot bound (see ReadPool), so a page that sorts a
   * million rows never stops this event loop. 0 (default): every page is read here.
   */
  readThreads?: number;
  /** A page read by a read thread, or a streamed page's first batch, not read within this time gets 503. */
  statementTimeoutMs?: number;
  /** Tests: barriers the read threads wait at (see ReadThreadOptions). */
  readBarriers?: Pick<ReadThreadOptions, 'readBarrier' | 'startBarrier'>;
  /** Streamed pages at once and how long one may take (see StreamGate). */
  streams?: StreamLimitOptions;
}

/** SQLite error codes that mean "try again later" rather than "the request was wrong". */
const TRANSIENT_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);

export class SqliteStore extends EngineStore {
  readonly engine = 'sqlite' as const;

  private readonly db: Database.Database;
  private readonly kysely: Kysely<Schema>;
  private readonly queries: StoreQueries;
  private readonly statements: CompiledStatements;
  private readonly writer: Writer;
  private readonly pages: PageReader;
  private readonly readPool: ReadPool | undefined;
  private readonly streams: StreamGate;
  private readonly versionStatement: Database.Statement;

  private readonly path: string;
  private readonly busyTimeoutMs: number;
  /** Whether an import's transaction runs on a thread of its own (import-transaction.ts): when writes do not run inline. */
  private readonly importsOnThread: boolean;
  /** Resolves when the import in progress (if any) has committed or rolled back. */
  private importTurn: Promise<void> = Promise.resolve();
  /** Set by the first error saying the file is damaged; from then on writes and pings fail with it. */
  private damage: StoreDamagedError | null = null;

  constructor(options: SqliteStoreOptions) {
    super();
    this.path = options.path;
    this.busyTimeoutMs = Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000));
    this.db = openConnection(options.path, this.busyTimeoutMs);
    this.statements = new CompiledStatements(this.db);
    this.kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: this.db }) });
    this.queries = new StoreQueries(this.kysely, sqliteQuirks);
    this.writer = openWriter(this.db, options.path, this.busyTimeoutMs, options.writer ?? 'inline');
    this.importsOnThread = options.path !== ':memory:' && (options.writer ?? 'inline') !== 'inline';
    // Planner statistics: cheap when current, and without them SQLite can pick a bad index.
    this.db.pragma('optimize = 0x10002');
    this.pages = new PageReader(this.db);
    this.versionStatement = this.db.prepare(DATA_VERSION_SQL).pluck();
    const statementTimeoutMs = options.statementTimeoutMs ?? 5000;
    const readThreads = options.path === ':memory:' ? 0 : (options.readThreads ?? 0);
    this.readPool = readThreads > 0 ? new ReadPool({ path: options.path, busyTimeoutMs: this.busyTimeoutMs, threads: readThreads, statementTimeoutMs, ...options.readBarriers }) : undefined;
    this.streams = new StreamGate({ ...DEFAULT_STREAM_LIMITS, ...options.streams, statementTimeoutMs });

    const access: EngineParts['access'] = {
      queries: this.queries,
      all: async (query) => this.guard(() => this.statements.all(query)),
      first: async (query) => this.guard(() => this.statements.first(query)),
      arrays: async (query) => this.guard(() => this.statements.arrays(query)),
      scanAll: async (query) => {
        const pool = this.scanPool();
        return pool ? this.guardAsync(() => pool.all(query)) : this.guard(() => this.statements.all(query));
      },
      scanFirst: async (query) => {
        const pool = this.scanPool();
        return pool ? this.guardAsync(() => pool.first(query)) : this.guard(() => this.statements.first(query));
      },
      write: async (op, ...args) => {
        // Writing into a damaged file can spread the damage: refused until it is restored.
        if (this.damage) throw this.damage;
        try {
          return await this.writer.submit(op, ...args);
        } catch (error) {
          throw this.translate(error);
        }
      },
    };
    this.assemble({
      access,
      pages: {
        list: async (query) => {
          const pool = this.readPoolFor(query);
          if (pool) return this.guardAsync(() => pool.page(query));
          return this.guard(() => this.pages.page(query));
        },
        page: async (query) => {
          const pool = this.readPoolFor(query);
          if (pool) return this.guardAsync(() => pool.jsonPage(query));
          return this.guard(() => this.pages.jsonPage(query));
        },
        stream: (query) => this.streams.start(() => this.stream(query)),
      },
      reports: {
        // On a read thread when there are some: a report that scans must not stop this event loop.
        parts: async (filter, grouping) => {
          const pool = this.scanPool();
          if (pool) return this.guardAsync(() => pool.reportParts(filter, grouping));
          return this.guard(() => this.pages.reportParts(filter, grouping));
        },
        // Read on this connection, before the report's own snapshot (on a read thread or here).
        version: async () => (this.db.inTransaction ? undefined : this.guard(() => String(this.versionStatement.get()))),
      },
      // The inbox scans the uncategorised rows: on a read thread too, when there are some.
      inboxParts: async () => {
        const pool = this.scanPool();
        if (pool) return this.guardAsync(() => pool.inboxParts());
        return this.guard(() => this.pages.inboxParts());
      },
      imports: { begin: (bank, record) => this.beginImport(bank, record) },
      lifecycle: {
        migrate: (options) => migrateToLatest(this.kysely, 'sqlite', options),
        ping: async () => {
          if (this.damage) throw this.damage;
          this.guard(() => this.db.prepare(PING_SQL).get());
        },
        close: () => this.close(),
        durabilityWarnings: () => this.durabilityWarnings(),
        location: () => ({ engine: 'sqlite', path: this.path, busyTimeoutMs: this.busyTimeoutMs }),
      },
    });
  }

  /**
   * One import at a time per store (a second waits its turn without blocking the event loop),
   * each on a connection of its own for a file: the store's connection serves reads, which must
   * never see an import's uncommitted rows (a dry run's, a rejected file's). In memory there is
   * only the one connection. When writes run off the event loop, so does the import's
   * transaction, on a thread of its own (import-transaction.ts).
   */
  private async beginImport(bank: string, record: ImportRecord | undefined): Promise<ImportSession> {
    if (this.damage) throw this.damage;
    const turn = this.importTurn;
    let release!: () => void;
    this.importTurn = new Promise<void>((resolve) => (release = resolve));
    await turn;
    let db: Database.Database | undefined;
    let transaction: ImportTransaction | undefined;
    const end = () => {
      transaction?.close();
      if (db !== undefined && db !== this.db && db.open) db.close();
      release();
    };
    try {
      // Writes already queued commit on their own first, not inside the import's transaction.
      await this.writer.flush();
      if (this.importsOnThread) transaction = await this.guardAsync(() => threadImportTransaction(this.path, this.busyTimeoutMs));
      else {
        const connection = this.path === ':memory:' ? this.db : this.guard(() => openConnection(this.path, this.busyTimeoutMs));
        db = connection;
        transaction = this.guard(() => inlineImportTransaction(connection));
      }
      const session = await beginSqliteImport(transaction, bank, (error) => this.translate(error), () => this.writer.kickIndexer(), { queries: this.queries, record });
      return endingWith(session, end);
    } catch (error) {
      end();
      throw error;
    }
  }

  /**
   * Settings under which an acknowledged write could be lost in a crash, on the connections that
   * commit: the store's own (imports, and writes when inline) and the writer's (wherever it runs).
   * Both are set on every open; a warning means the file or the build refused them.
   */
  private async durabilityWarnings(): Promise<string[]> {
    const writer = this.writer instanceof InlineWriter ? [] : durabilityProblems('the writer connection', await this.writer.connectionPragmas());
    return [...durabilityProblems('the store connection', connectionPragmas(this.db)), ...writer];
  }

  /**
   * What every connection of this store runs with, each read where it lives (the writer thread,
   * each read thread): for tests, which cannot otherwise see inside those threads.
   */
  async connectionPragmas(): Promise<{ connection: 'store' | 'writer' | 'read thread'; pragmas: ConnectionPragmas }[]> {
    const readers = (await this.readPool?.connectionPragmas()) ?? [];
    return [
      { connection: 'store', pragmas: connectionPragmas(this.db) },
      { connection: 'writer', pragmas: await this.writer.connectionPragmas() },
      ...readers.map((pragmas) => ({ connection: 'read thread' as const, pragmas })),
    ];
  }

  /** Feeds the trigram index after writes commit (migration 0005); tests pause it. */
  get searchIndex(): SearchIndexControl {
    return this.writer.searchIndex;
  }

  private async close(): Promise<void> {
    // The index is not caught up here: a CLI import of a million rows would take ~40 s longer.
    // A running server's indexer (it polls) or the next start indexes what is left; searches
    // stay exact meanwhile.
    this.readPool?.close();
    await this.writer.close();
    try {
      this.db.pragma('optimize');
    } catch {
      // Statistics are an optimisation; a read-only or busy file must not block shutdown.
    }
    await this.kysely.destroy();
  }

  /**
   * The read pool, for a page an index does not bound; none while an import holds this
   * connection's transaction (its pages must see its uncommitted rows, as before).
   */
  private readPoolFor(query: TransactionQuery): ReadPool | undefined {
    return isIndexBoundedPage(query) ? undefined : this.scanPool();
  }

  /** The read pool for a read that may scan, when there is one and no import holds this connection's transaction. */
  private scanPool(): ReadPool | undefined {
    return this.readPool && !this.db.inTransaction ? this.readPool : undefined;
  }

  private async stream(query: TransactionQuery): Promise<TransactionStream> {
    if (this.path === ':memory:') {
      // No second connection can see a private in-memory database: one read, handed out as one batch.
      const { total, count, json } = await this.transactions.page(query);
      return { total, batches: oneBatch(count === 0 ? undefined : json) };
    }
    // A stream whose batches an index bounds is read here, a few milliseconds a batch between
    // other requests; any other (a sort, a search, a range) on a thread of its own, so a batch
    // that takes seconds never holds the event loop and can be abandoned at once.
    const pool = this.readPool;
    if (pool && !isIndexBoundedPage(query)) return this.guardAsync(() => pool.stream(query));
    return this.guard(() => openSqliteStream(this.path, this.busyTimeoutMs, this.queries.transactions, query));
  }

  private guard<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): unknown {
    if (isDamage(error)) return (this.damage ??= damagedStore(this.path, error));
    return translateError(error);
  }

  private async guardAsync<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw this.translate(error);
    }
  }
}

function openWriter(db: Database.Database, path: string, busyTimeoutMs: number, where: 'inline' | 'thread' | 'primary'): Writer {
  if (where === 'inline' || path === ':memory:') return new InlineWriter(db, busyTimeoutMs);
  if (where === 'thread') return new RemoteWriter(() => threadTransport({ path, busyTimeoutMs }), { restart: true });
  return new RemoteWriter(primaryTransport);
}

async function* oneBatch(json: string | undefined): AsyncGenerator<string, void, undefined> {
  if (json !== undefined) yield json;
}

function translateError(error: unknown): unknown {
  const neutral = engineNeutralError(error);
  if (neutral) return neutral;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && [...TRANSIENT_CODES].some((prefix) => code.startsWith(prefix))) {
    const message = code.startsWith('SQLITE_FULL') ? 'the database disk is full' : 'the database is busy or unreachable';
    return new StoreUnavailableError(message, 1, { cause: error });
  }
  return error;
}

/** The session, calling `end` once it has committed or rolled back (a failed commit is followed by a rollback). */
function endingWith(session: ImportSession, end: () => void): ImportSession {
  let ended = false;
  const once = () => {
    if (!ended) {
      ended = true;
      end();
    }
  };
  return {
    loadOccurrences: (fingerprints) => session.loadOccurrences(fingerprints),
    saveOccurrences: (counts) => session.saveOccurrences(counts),
    findByKeys: (keys) => session.findByKeys(keys),
    insertNew: (rows) => session.insertNew(rows),
    get importId() {
      return session.importId;
    },
    async commit(counts) {
      await session.commit(counts);
      once();
    },
    async rollback() {
      try {
        await session.rollback();
      } finally {
        once();
      }
    },
  };
}
