import pg from 'pg';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { StoreUnavailableError } from '../../domain/errors.js';
import { transactionObject, type NewTransaction, type TransactionQuery } from '../../domain/transaction.js';
import { postgresQuirks } from './postgres-quirks.js';
import { EngineStore, engineNeutralError, migrateToLatest, PING_SQL } from '../engine-store.js';
import { isPageRow, toCount, toTransactionRecord, type CountRow, type PageRowWithTotal, type SnapshotPageRow } from '../transactions/transactions-queries.js';
import { searchTotalKey } from '../transactions/search-total-key.js';
import { categoriesSet, createdResults, OneStatementWrites, type CategoryChange, type CategorySetRow, type CreatedRow } from './one-statement-writes.js';
import { StatementBatcher } from './statement-batcher.js';
import { SearchTotals } from './search-totals.js';
import { PreparedStatements } from './prepared-statements.js';
import type { EngineParts } from '../engine-store.js';
import { recorded, type Recorded } from '../engine/write-steps.js';
import { reportsRepository } from '../reports/reports-repository.js';
import type { Database as Schema } from '../engine/schema.js';
import type { TransactionPage } from '../store.js';
import type { CreateTransactionResult } from '../transactions/transactions-writes.js';
import { appendStatement, programOf, StoreQueries, writePrograms, type WriteArgs, type WriteName, type WriteProgram, type WriteResult } from '../writes.js';
import { beginPostgresImport } from './postgres-import-session.js';
import { isTransientPostgresError } from './transient-errors.js';
import { openPostgresStream } from './postgres-stream.js';
import { CountCompactor, deltaTables, lastFeedEntry } from './count-compactor.js';
import { StreamGate } from '../engine/stream-gate.js';
import { openPostgresPool } from './pool.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimitOptions } from '../../config/limits.js';

export interface PostgresStoreOptions {
  url: string;
  /** Largest number of connections this process opens. */
  poolMax?: number;
  /** A statement running longer is cancelled and the request answered 503. */
  statementTimeoutMs?: number;
  /** How long to wait for a connection before answering 503. */
  connectTimeoutMs?: number;
  /**
   * Streamed pages at once and how long one may take (see StreamGate). Streams use a pool of
   * their own, of `maxStreams` connections, so they never take the connections short requests use.
   */
  streams?: StreamLimitOptions;
  /**
   * Named prepared statements for the store's statements (default true). False behind a pooler
   * in transaction mode (PgBouncer), where a statement prepared on one server connection is not
   * there on the next (`--no-prepared-statements`; see prepared-statements.ts).
   */
  preparedStatements?: boolean;
  /** false: creates and category changes run their write programs too, not one statement each (tests compare the two). */
  oneStatementWrites?: boolean;
  /** How often the count compactor looks at the delta tables (default 2 s; 0: never, for tests that run their own). */
  compactionIntervalMs?: number;
}

type Runner = Pick<pg.PoolClient, 'query'>;

export class PostgresStore extends EngineStore {
  readonly engine = 'postgres' as const;

  private readonly pool: pg.Pool;
  private readonly streamPool: pg.Pool;
  private readonly streams: StreamGate;
  private readonly kysely: Kysely<Schema>;
  private readonly queries: StoreQueries;
  private readonly compactor: CountCompactor;
  private readonly searchTotals = new SearchTotals();
  private readonly prepared: PreparedStatements;
  private readonly oneStatement: OneStatementWrites | undefined;
  private readonly creates: StatementBatcher<NewTransaction, Recorded<CreateTransactionResult>> | undefined;
  private readonly categoryChanges: StatementBatcher<CategoryChange, Recorded<boolean>> | undefined;

  constructor(options: PostgresStoreOptions) {
    super();
    const statementTimeout = options.statementTimeoutMs ?? 5000;
    const streamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.streams, statementTimeoutMs: statementTimeout };
    this.prepared = new PreparedStatements(options.preparedStatements ?? true);
    const text = (query: CompiledQuery) => this.prepared.config(query);
    // A write of many rows is not cut off at the read limit (SQLite's writer runs each write to its
    // end): re-categorising 100,000 rows takes seconds here. It gets BULK_TIME_FACTOR times the
    // limit, on the server (SET LOCAL in its transaction) and in the client alike. A one-row
    // write keeps the read limit, so a silent database still answers it 503 as quickly.
    const bulkTimeout = BULK_TIME_FACTOR * statementTimeout;
    const bulkText = (query: CompiledQuery): pg.QueryConfig => ({ ...text(query), query_timeout: bulkTimeout + 1000 }) as pg.QueryConfig;
    this.pool = openPool(options, options.poolMax ?? 10);
    this.streamPool = openPool(options, streamLimits.maxStreams);
    this.streams = new StreamGate(streamLimits);
    this.kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: this.pool }) });
    this.queries = new StoreQueries(this.kysely, postgresQuirks);
    this.oneStatement = options.oneStatementWrites === false ? undefined : new OneStatementWrites(this.kysely);
    this.compactor = new CountCompactor(this.pool, deltaTables(this.kysely), lastFeedEntry(this.kysely), { intervalMs: options.compactionIntervalMs });
    const programs = writePrograms(this.queries);
    const append = appendStatement(this.queries);
    const oneStatement = this.oneStatement;
    if (oneStatement) {
      this.creates = new StatementBatcher(
        (inputs) => all<CreatedRow>(this.pool, text(oneStatement.createTransactions(inputs, Date.now()))).then((rows) => createdResults(rows, inputs)),
        // Alone after a batch failed: the write's own program, as if there were no batching.
        (input) => retryingForeignKeyRaces(() => this.transaction((client) => runProgram(client, recorded(programs.createTransaction(input), append), text))),
      );
      this.categoryChanges = new StatementBatcher(
        (changes) => all<CategorySetRow>(this.pool, text(oneStatement.setTransactionCategories(changes, Date.now()))).then((rows) => categoriesSet(rows, changes)),
        ({ id, category, source }) =>
          retryingForeignKeyRaces(() => this.transaction((client) => runProgram(client, recorded(programs.setTransactionCategory(id, category, source), append), text))),
      );
    }

    const access: EngineParts['access'] = {
      queries: this.queries,
      all: <T>(query: CompiledQuery<T>) => this.guard(() => all<T & pg.QueryResultRow>(this.pool, text(query))),
      first: <T>(query: CompiledQuery<T>) => this.guard(() => first<T & pg.QueryResultRow>(this.pool, text(query))),
      // Every statement here runs under statement_timeout, and waiting for it never holds the event loop.
      scanAll: <T>(query: CompiledQuery<T>) => this.guard(() => all<T & pg.QueryResultRow>(this.pool, text(query))),
      scanFirst: <T>(query: CompiledQuery<T>) => this.guard(() => first<T & pg.QueryResultRow>(this.pool, text(query))),
      write: <K extends WriteName>(op: K, ...args: WriteArgs<K>) =>
        this.guard(() =>
          retryingForeignKeyRaces(() =>
            this.oneStatementWrite(op, args) ??
            (BULK_WRITES.has(op)
              ? this.transaction((client) => runProgram(client, programOf(programs, { op, args }, this.queries), bulkText), bulkTimeout)
              : this.transaction((client) => runProgram(client, programOf(programs, { op, args }, this.queries), text))),
          ),
        ) as Promise<
          Recorded<WriteResult<K>>
        >,
    };
    this.assemble({
      access,
      pages: {
        list: (query) => this.guard(() => this.listPage(query)),
        page: async (query) => {
          // Rows become the contract's objects and JSON here: the bytes the route's serialiser writes.
          const { total, rows } = await this.guard(() => this.listPage(query));
          return { total, count: rows.length, json: JSON.stringify(rows.map(transactionObject)) };
        },
        // Streams hold their connection while the client reads: on a pool of their own, so slow
        // readers never take the connections short requests need; capped and timed by the gate.
        stream: (query) =>
          this.streams.start(() =>
            this.guard(() => openPostgresStream(this.streamPool, this.queries.transactions.countMatching(query), this.queries.transactions.listPage(query))),
          ),
      },
      // The feed's horizon moves with every write (as for the search totals): what a report is remembered under.
      reports: reportsRepository(access, async () => {
        const horizon = await this.feedHorizon();
        return horizon === undefined ? undefined : String(horizon);
      }),
      imports: { begin: (bank, record) => this.guard(() => beginPostgresImport(this.pool, bank, translateError, { queries: this.queries, record })) },
      lifecycle: {
        migrate: (options) => this.guard(() => migrateToLatest(this.kysely, 'postgres', options)),
        ping: async () => void (await this.guard(() => this.pool.query(PING_SQL))),
        close: async () => {
          await this.compactor.stop();
          await this.kysely.destroy();
          await this.streamPool.end();
        },
        durabilityWarnings: () => this.durabilityWarnings(),
        location: () => ({ engine: 'postgres', url: options.url, statementTimeoutMs: statementTimeout }),
      },
    });
  }

  /** Settings under which an acknowledged write could be lost in a crash. */
  private async durabilityWarnings(): Promise<string[]> {
    const result = await this.guard(() =>
      this.pool.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')",
      ),
    );
    return durabilityProblems(result.rows);
  }

  /** The writes batched into one statement (one-statement-writes.ts, statement-batcher.ts), or undefined for the others. */
  private oneStatementWrite(op: WriteName, args: readonly unknown[]): Promise<Recorded<unknown>> | undefined {
    if (op === 'createTransaction') return this.creates?.write((args as WriteArgs<'createTransaction'>)[0]);
    if (op === 'setTransactionCategory') {
      const [id, category, source] = args as WriteArgs<'setTransactionCategory'>;
      return this.categoryChanges?.write({ id, category, source: source ?? null });
    }
    return undefined;
  }

  private async listPage(query: TransactionQuery): Promise<TransactionPage> {
    const key = searchTotalKey(query);
    if (key === undefined) return this.pageWithTotal(query);
    // Known (SearchTotals), or being counted for the same search right now (a search box's
    // users, a burst): then the page is read with its snapshot's id, and a total is served only
    // if it was counted in that very snapshot. No await between the check and counting() below
    // when nothing is known or running: a burst starts one count, not one each.
    const running = this.searchTotals.runningCount(key);
    const known = this.searchTotals.get(key) ?? (running ? await running.catch(() => undefined) : undefined);
    if (known !== undefined) {
      const page = await all<SnapshotPageRow>(this.pool, this.prepared.config(this.queries.transactions.pageInSnapshot(query, false)));
      const snapshot = page[0]?.snapshot;
      const rows = () => page.filter(isPageRow).map(toTransactionRecord);
      if (snapshot === known.snapshot) return { total: known.total, rows: rows() };
      // A write moved the snapshot on. Another request may be counting in the new one already:
      // its total then holds for this page too.
      const newer = this.searchTotals.runningCount(key);
      const recounted = newer ? await newer.catch(() => undefined) : undefined;
      if (recounted !== undefined && recounted.snapshot === snapshot) return { total: recounted.total, rows: rows() };
    }
    const counted = all<SnapshotPageRow>(this.pool, this.prepared.config(this.queries.transactions.pageInSnapshot(query, true))).then((page) => ({
      snapshot: page[0]?.snapshot ?? '',
      total: toCount(page[0] && page[0].total !== null ? { n: page[0].total } : undefined),
      rows: page.filter(isPageRow).map(toTransactionRecord),
    }));
    this.searchTotals.counting(key, counted.then(({ snapshot, total }) => ({ snapshot, total })));
    const { total, rows } = await counted;
    return { total, rows };
  }

  private async pageWithTotal(query: TransactionQuery): Promise<TransactionPage> {
    const t = this.queries.transactions;
    if (query.limit === 0) return { total: toCount(await first<CountRow>(this.pool, this.prepared.config(t.countMatching(query)))), rows: [] };
    // One statement: the total and the page come from one snapshot, in one round trip.
    const rows = await all<PageRowWithTotal>(this.pool, this.prepared.config(t.listPageWithTotal(query)));
    // The count's subquery always yields its one row, so the join does too.
    const total = toCount(rows[0] && { n: rows[0].total });
    return { total, rows: rows.filter(isPageRow).map(toTransactionRecord) };
  }

  /** The change feed's horizon (postgres-quirks.ts): what a cached search total or report is valid for. */
  private async feedHorizon(): Promise<number | undefined> {
    const query = this.queries.changes.horizon();
    if (query === undefined) return undefined;
    const row = await first<{ horizon: number | string | null }>(this.pool, this.prepared.config(query));
    return row?.horizon === null || row?.horizon === undefined ? undefined : Number(row.horizon);
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>, statementTimeoutMs?: number): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      // One round trip: the simple protocol takes both statements at once.
      await client.query(statementTimeoutMs === undefined ? 'BEGIN' : `BEGIN; SET LOCAL statement_timeout = ${Math.floor(statementTimeoutMs)}`);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translateError(error);
    }
  }
}

/** How many times the read limit (--statement-timeout) a write of many rows may run: 60 s by default. */
export const BULK_TIME_FACTOR = 12;

/** Writes whose rows are chosen by a filter, a bank, a category or a rule: any number of them. */
const BULK_WRITES: ReadonlySet<WriteName> = new Set<WriteName>([
  'deleteTransactions',
  'deleteRequested',
  'restoreTransactions',
  'recategoriseTransactions',
  'recategorisePayee',
  'purgeTrash',
  'purgeIdempotencyKeys',
  'applyRules',
  'removeBank',
  'removeBankWith',
  'removeCategory',
  'removeCategoryWith',
  'updateCategory',
  'mergeCategories',
  'removeCategoryGroup',
]);

/** A pool of at most `max` connections with the store's timeouts. */
function openPool(options: PostgresStoreOptions, max: number): pg.Pool {
  const statementTimeout = options.statementTimeoutMs ?? 5000;
  return openPostgresPool({
    url: options.url,
    max,
    statementTimeoutMs: statementTimeout,
    // Waiting for a connection (server silent, or every pooled one busy) never outlasts the
    // statement timeout either: an outage answers 503 within the same bound as a slow query.
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(3000, statementTimeout),
    // The client gives up shortly after the server should have: a dead socket cannot hang a request.
    queryTimeoutMs: statementTimeout + 1000,
    idleTimeoutMs: 30_000,
  });
}

/**
 * Races a write loses to a concurrent one, after which its whole transaction is rolled back and
 * can simply run again: foreign_key_violation (a program checked a row that a concurrent commit
 * removed before its own write) and deadlock_detected (two writes that update overlapping rows
 * in different orders, a bulk re-categorise beside rules apply: PostgreSQL aborts one of them).
 */
const LOST_RACES = new Set(['23503', '40P01']);
const RACE_ATTEMPTS = 3;

/**
 * Runs a write again when it lost a race: a program checks what it names (a category it did not
 * create, a bank) under READ COMMITTED, and a concurrent removal of that row can commit between
 * the check and the write; or PostgreSQL chose it as a deadlock's victim. Run again, the program
 * sees the other write's outcome and decides afresh (creates the category, reports the bank
 * missing). SQLite's single writer never interleaves programs.
 */
export async function retryingForeignKeyRaces<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !LOST_RACES.has(code) || attempt >= RACE_ATTEMPTS) throw error;
    }
  }
}

/** The PostgreSQL driver of a write program (writes.ts): each statement in turn, on the transaction's client. */
async function runProgram<T>(client: pg.PoolClient, program: WriteProgram<T>, text: (query: CompiledQuery) => pg.QueryConfig): Promise<T> {
  let step = program.next();
  while (!step.done) {
    const result = await client.query(text(step.value));
    step = program.next({ rows: result.rows, changes: result.rowCount ?? 0 });
  }
  return step.value;
}

async function all<T extends pg.QueryResultRow>(runner: Runner, query: pg.QueryConfig): Promise<T[]> {
  return (await runner.query<T>(query)).rows;
}

async function first<T extends pg.QueryResultRow>(runner: Runner, query: pg.QueryConfig): Promise<T | undefined> {
  return (await all<T>(runner, query))[0];
}

function translateError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const neutral = engineNeutralError(error);
  if (neutral) return neutral;
  if (isTransientPostgresError(error)) {
    return new StoreUnavailableError('the PostgreSQL server is unreachable or too busy', 2, { cause: error });
  }
  return error;
}

/** Server settings (from pg_settings) under which an acknowledged write could be lost in a crash. */
export function durabilityProblems(settings: { name: string; setting: string }[]): string[] {
  const warnings: string[] = [];
  for (const { name, setting } of settings) {
    if (name === 'synchronous_commit' && setting !== 'on' && setting !== 'remote_apply' && setting !== 'remote_write') {
      warnings.push(`synchronous_commit is "${setting}": a write acknowledged with 2xx can be lost in a crash; set it to "on"`);
    } else if (name !== 'synchronous_commit' && setting !== 'on') {
      warnings.push(`${name} is "${setting}": a crash can lose or corrupt acknowledged writes; set it to "on"`);
    }
  }
  return warnings;
}
