import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, type CompiledQuery } from 'kysely';
import { DomainError, invalidField, StoreUnavailableError } from '../../domain/errors.js';
import type { Bank, Category, NewTransaction, TransactionId, TransactionQuery, TransactionRecord } from '../../domain/transaction.js';
import { postgresQuirks } from '../dialect-quirks.js';
import { migrationProvider } from '../migrations/index.js';
import {
  Queries,
  toBank,
  toCategory,
  toCount,
  createdRecord,
  isPageRow,
  toTransactionRecord,
  type BankRow,
  type CategoryRow,
  type CountRow,
  type PageRowWithTotal,
  type TransactionRow,
} from '../queries.js';
import type { Database as Schema } from '../schema.js';
import type { RemoveOutcome, Store, TransactionPage, TransactionStream } from '../store.js';
import type { ApiTokenRecord } from '../../domain/api-token.js';
import { createdTransactionResponse, replayOf, type IdempotencyKeyRow, type IdempotencyRequest, type IdempotentCreation } from '../../domain/idempotency.js';
import { SecurityQueries, toApiToken, type ApiTokenRow } from '../security-queries.js';
import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { ImportSession } from '../import-session.js';
import { RulesQueries, toRule, toRulesVersion, type RuleRow, type RulesVersionRow } from '../rules-queries.js';
import { beginPostgresImport } from './postgres-import-session.js';
import { isTransientPostgresError } from './transient-errors.js';
import { openPostgresStream } from './postgres-stream.js';
import { CountCompactor } from './count-compactor.js';
import { DEFAULT_STREAM_LIMITS, StreamGate, type StreamLimits } from '../stream-gate.js';

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
  streams?: Omit<StreamLimits, 'statementTimeoutMs'>;
}

/** int8 (counts, ids) as numbers: ids are assigned from 1 and stay far below 2^53. */
const INT8_OID = 20;
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

type Runner = Pick<pg.PoolClient, 'query'>;

export class PostgresStore implements Store {
  readonly engine = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly streamPool: pg.Pool;
  private readonly streams: StreamGate;
  private readonly kysely: Kysely<Schema>;
  private readonly queries: Queries;
  private readonly compactor: CountCompactor;
  private readonly rules: RulesQueries;
  private readonly security: SecurityQueries;

  constructor(options: PostgresStoreOptions) {
    const statementTimeout = options.statementTimeoutMs ?? 5000;
    const streamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.streams, statementTimeoutMs: statementTimeout };
    this.pool = openPool(options, options.poolMax ?? 10);
    this.streamPool = openPool(options, streamLimits.maxStreams);
    this.streams = new StreamGate(streamLimits);
    this.kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: this.pool }) });
    this.queries = new Queries(this.kysely, postgresQuirks);
    this.compactor = new CountCompactor(this.pool, this.queries.countDeltaStats(), this.queries.compactCounts());
    this.rules = new RulesQueries(this.kysely);
    this.security = new SecurityQueries(this.kysely);
  }

  async migrate(): Promise<void> {
    const migrator = new Migrator({
      db: this.kysely,
      provider: migrationProvider('postgres'),
      migrationTableName: 'moneta_migrations',
      migrationLockTableName: 'moneta_migrations_lock',
    });
    const { error } = await this.guard(() => migrator.migrateToLatest());
    if (error) throw translateError(error);
  }

  async ping(): Promise<void> {
    await this.guard(() => this.pool.query('SELECT 1'));
  }

  /** Settings under which an acknowledged write could be lost in a crash. */
  async durabilityWarnings(): Promise<string[]> {
    const result = await this.guard(() =>
      this.pool.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')",
      ),
    );
    const warnings: string[] = [];
    for (const { name, setting } of result.rows) {
      if (name === 'synchronous_commit' && setting !== 'on' && setting !== 'remote_apply' && setting !== 'remote_write') {
        warnings.push(`synchronous_commit is "${setting}": a write acknowledged with 2xx can be lost in a crash; set it to "on"`);
      } else if (name !== 'synchronous_commit' && setting !== 'on') {
        warnings.push(`${name} is "${setting}": a crash can lose or corrupt acknowledged writes; set it to "on"`);
      }
    }
    return warnings;
  }

  async close(): Promise<void> {
    await this.compactor.stop();
    await this.kysely.destroy();
    await this.streamPool.end();
  }

  async listTransactions(query: TransactionQuery): Promise<TransactionPage> {
    return this.guard(async () => {
      if (query.limit === 0) return { total: toCount(await first<CountRow>(this.pool, this.queries.countMatching(query))), rows: [] };
      // One statement: the total and the page come from one snapshot, in one round trip.
      const rows = await all<PageRowWithTotal>(this.pool, this.queries.listPageWithTotal(query));
      // The count's subquery always yields its one row, so the join does too.
      const total = toCount(rows[0] && { n: rows[0].total });
      return { total, rows: rows.filter(isPageRow).map(toTransactionRecord) };
    });
  }

  streamTransactions(query: TransactionQuery): Promise<TransactionStream> {
    return this.streams.start(() => this.guard(() => openPostgresStream(this.streamPool, this.queries.countMatching(query), this.queries.listPage(query))));
  }

  async findTransactionById(id: TransactionId): Promise<TransactionRecord | null> {
    const row = await this.guard(() => first<TransactionRow>(this.pool, this.queries.findTransactionById(id)));
    return row ? toTransactionRecord(row) : null;
  }

  createTransaction(input: NewTransaction): Promise<TransactionRecord> {
    return this.guard(() => this.transaction((client) => this.insertTransaction(client, input)));
  }

  createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation> {
    return this.guard(() =>
      this.transaction(async (client): Promise<IdempotentCreation> => {
        await client.query(text(this.security.deleteExpiredKey(request.key, request.expiredBefore)));
        // A concurrent request with the same key waits on this insert until the first commits.
        if (!(await first<{ key: string }>(client, this.security.claimKey(request.key, request.fingerprint, request.now)))) {
          return replayOf(await first<IdempotencyKeyRow>(client, this.security.findKey(request.key)), request.fingerprint);
        }
        const created = await this.insertTransaction(client, input);
        const response = createdTransactionResponse(created);
        await client.query(text(this.security.completeKey(request.key, created.id, response)));
        return { outcome: 'created', response };
      }),
    );
  }

  async purgeIdempotencyKeys(expiredBefore: number): Promise<number> {
    const result = await this.guard(() => this.pool.query(text(this.security.deleteExpiredKeys(expiredBefore))));
    return result.rowCount ?? 0;
  }

  async listApiTokens(): Promise<ApiTokenRecord[]> {
    return (await this.guard(() => all<ApiTokenRow>(this.pool, this.security.listApiTokens()))).map(toApiToken);
  }

  async addApiToken(token: ApiTokenRecord): Promise<boolean> {
    const result = await this.guard(() => this.pool.query(text(this.security.insertApiToken(token))));
    return (result.rowCount ?? 0) > 0;
  }

  async removeApiToken(name: string): Promise<boolean> {
    const result = await this.guard(() => this.pool.query(text(this.security.deleteApiToken(name))));
    return (result.rowCount ?? 0) > 0;
  }

  private async insertTransaction(client: pg.PoolClient, input: NewTransaction): Promise<TransactionRecord> {
    if (input.bank != null && !(await first<BankRow>(client, this.queries.findBankById(input.bank)))) {
      throw invalidField('body', 'bank', `names no known bank ("${input.bank}")`);
    }
    if (input.category != null) await client.query(text(this.queries.insertCategoryIfMissing(input.category)));
    return createdRecord(await first<{ id: number }>(client, this.queries.insertTransaction(input)), input);
  }

  setTransactionCategory(id: TransactionId, category: string | null): Promise<boolean> {
    return this.guard(() =>
      this.transaction(async (client) => {
        // Check first, so a PUT to a missing transaction creates no category either.
        if (!(await first<TransactionRow>(client, this.queries.findTransactionById(id)))) return false;
        if (category !== null) await client.query(text(this.queries.insertCategoryIfMissing(category)));
        const result = await client.query(text(this.queries.updateTransactionCategory(id, category)));
        return (result.rowCount ?? 0) > 0;
      }),
    );
  }

  async listBanks(): Promise<Bank[]> {
    return (await this.guard(() => all<BankRow>(this.pool, this.queries.listBanks()))).map(toBank);
  }

  async findBankById(id: string): Promise<Bank | null> {
    const row = await this.guard(() => first<BankRow>(this.pool, this.queries.findBankById(id)));
    return row ? toBank(row) : null;
  }

  async addBank(bank: Bank): Promise<boolean> {
    const result = await this.guard(() => this.pool.query(text(this.queries.insertBank(bank))));
    return (result.rowCount ?? 0) > 0;
  }

  removeBank(id: string): Promise<RemoveOutcome> {
    return this.guard(() =>
      this.transaction(async (client): Promise<RemoveOutcome> => {
        if (!(await first<BankRow>(client, this.queries.findBankById(id)))) return { status: 'missing' };
        const transactions = toCount(await first<CountRow>(client, this.queries.countOfBank(id)));
        if (transactions > 0) return { status: 'in-use', transactions };
        await client.query(text(this.queries.deleteBank(id)));
        return { status: 'removed' };
      }),
    );
  }

  async listCategories(): Promise<Category[]> {
    return (await this.guard(() => all<CategoryRow>(this.pool, this.queries.listCategories()))).map(toCategory);
  }

  async saveCategory(category: Category): Promise<void> {
    await this.guard(() => this.pool.query(text(this.queries.upsertCategory(category))));
  }

  removeCategory(name: string, options: { force: boolean }): Promise<RemoveOutcome> {
    return this.guard(() =>
      this.transaction(async (client): Promise<RemoveOutcome> => {
        if (!(await first<CategoryRow>(client, this.queries.findCategory(name)))) return { status: 'missing' };
        const transactions = toCount(await first<CountRow>(client, this.queries.countInCategory(name)));
        if (transactions > 0 && !options.force) return { status: 'in-use', transactions };
        if (transactions > 0) await client.query(text(this.queries.uncategoriseAll(name)));
        await client.query(text(this.queries.deleteCategory(name)));
        return { status: 'removed' };
      }),
    );
  }

  beginImport(bank: string): Promise<ImportSession> {
    return this.guard(() => beginPostgresImport(this.pool, bank, translateError));
  }

  async listRules(): Promise<Rule[]> {
    return (await this.guard(() => all<RuleRow>(this.pool, this.rules.listRules()))).map(toRule);
  }

  async addRule(rule: NewRule): Promise<Rule> {
    const inserted = await this.guard(() => first<{ id: number }>(this.pool, this.rules.insertRule(rule)));
    if (!inserted) throw new Error('INSERT ... RETURNING gave no row');
    return { ...rule, id: Number(inserted.id) };
  }

  async removeRule(id: number): Promise<boolean> {
    const result = await this.guard(() => this.pool.query(text(this.rules.deleteRule(id))));
    return (result.rowCount ?? 0) > 0;
  }

  async rulesVersion(): Promise<string> {
    return toRulesVersion(await this.guard(() => first<RulesVersionRow>(this.pool, this.rules.rulesVersion())));
  }

  async transactionsAfter(afterId: number, limit: number, options: { uncategorisedOnly: boolean }): Promise<TransactionRecord[]> {
    const rows = await this.guard(() => all<TransactionRow>(this.pool, this.rules.transactionsAfter(afterId, limit, options.uncategorisedOnly)));
    return rows.map(toTransactionRecord);
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
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

/** A pool of at most `max` connections with the store's timeouts. */
function openPool(options: PostgresStoreOptions, max: number): pg.Pool {
  const statementTimeout = options.statementTimeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    // Waiting for a connection (server silent, or every pooled one busy) never outlasts the
    // statement timeout either: an outage answers 503 within the same bound as a slow query.
    connectionTimeoutMillis: options.connectTimeoutMs ?? Math.min(3000, statementTimeout),
    statement_timeout: statementTimeout,
    // The client gives up shortly after the server should have: a dead socket cannot hang a request.
    query_timeout: statementTimeout + 1000,
    idleTimeoutMillis: 30_000,
    types: typeParsers,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool discards it and the next request opens a new one.
  pool.on('error', () => {});
  // A connection dropped while checked out but between two queries (inside a transaction,
  // or just handed to a request) emits 'error' on the client itself, where no pool listener
  // is attached: without this listener the process crashed. The request in flight still fails
  // (its next query, or the ROLLBACK, rejects -> 503), and the pool never reuses the broken client.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

function text(query: CompiledQuery): pg.QueryConfig {
  return { text: query.sql, values: query.parameters as unknown[] };
}

async function all<T extends pg.QueryResultRow>(runner: Runner, query: CompiledQuery): Promise<T[]> {
  return (await runner.query<T>(text(query))).rows;
}

async function first<T extends pg.QueryResultRow>(runner: Runner, query: CompiledQuery): Promise<T | undefined> {
  return (await all<T>(runner, query))[0];
}

function translateError(error: unknown): unknown {
  if (error instanceof DomainError || error instanceof StoreUnavailableError) return error;
  if (isTransientPostgresError(error)) {
    return new StoreUnavailableError('the PostgreSQL server is unreachable or too busy', 2, { cause: error });
  }
  return error;
}
