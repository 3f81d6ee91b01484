import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type CompiledQuery } from 'kysely';
import { DomainError, invalidField, StoreUnavailableError } from '../../domain/errors.js';
import type { Bank, Category, NewTransaction, TransactionId, TransactionQuery, TransactionRecord } from '../../domain/transaction.js';
import { sqliteQuirks } from '../dialect-quirks.js';
import { migrationProvider } from '../migrations/index.js';
import {
  Queries,
  toBank,
  toCategory,
  toCount,
  createdRecord,
  toTransactionRecord,
  type BankRow,
  type CategoryRow,
  type CountRow,
  type TransactionRow,
} from '../queries.js';
import type { Database as Schema } from '../schema.js';
import type { RemoveOutcome, Store, TransactionPage, TransactionStream } from '../store.js';
import type { ApiTokenRecord } from '../../domain/api-token.js';
import { replayOf, type IdempotencyKeyRow, type IdempotencyRequest, type IdempotentCreation } from '../../domain/idempotency.js';
import { SecurityQueries, toApiToken, type ApiTokenRow } from '../security-queries.js';
import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { ImportSession } from '../import-session.js';
import { RulesQueries, toRule, toRulesVersion, type RuleRow, type RulesVersionRow } from '../rules-queries.js';
import { SqliteImportSession } from './sqlite-import-session.js';
import { CompiledStatements } from './compiled-statements.js';
import { preparePrivateDatabaseFile } from './open-file.js';
import { WriteBatcher } from './write-batcher.js';
import { CountCache } from './count-cache.js';
import { SearchIndexer } from './search-indexer.js';
import { openSqliteStream, STREAM_BATCH_ROWS } from './sqlite-stream.js';

export interface SqliteStoreOptions {
  /** A file path, or ':memory:' for a private in-memory database (tests). */
  path: string;
  /** How long a write waits for another process's lock before answering 503. */
  busyTimeoutMs?: number;
}

/** SQLite error codes that mean "try again later" rather than "the request was wrong". */
const TRANSIENT_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);

export class SqliteStore implements Store {
  readonly engine = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly kysely: Kysely<Schema>;
  private readonly queries: Queries;
  private readonly rules: RulesQueries;
  private readonly security: SecurityQueries;
  private readonly statements: CompiledStatements;
  private readonly writes: WriteBatcher;
  private readonly readPage: (query: TransactionQuery, outerTransaction: boolean) => TransactionPage;
  private readonly counts: CountCache;
  /** Feeds the trigram index after writes commit (migration 0005); tests pause it. */
  readonly searchIndexer: SearchIndexer;

  private readonly path: string;
  private readonly busyTimeoutMs: number;

  constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    this.busyTimeoutMs = Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000));
    if (options.path !== ':memory:') preparePrivateDatabaseFile(options.path);
    this.db = new Database(options.path);
    // Set on every open: these are per-connection and must hold for every process.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    this.statements = new CompiledStatements(this.db);
    this.kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: this.db }) });
    this.queries = new Queries(this.kysely, sqliteQuirks);
    this.rules = new RulesQueries(this.kysely);
    this.security = new SecurityQueries(this.kysely);
    this.searchIndexer = new SearchIndexer(this.db);
    this.writes = new WriteBatcher(this.db, () => this.searchIndexer.kick());
    this.counts = new CountCache(this.db);
    // Planner statistics: cheap when current, and without them SQLite can pick a bad index.
    this.db.pragma('optimize = 0x10002');
    // Rows left unindexed by a process that stopped early are picked up by the next start.
    this.searchIndexer.kick();
    // One read transaction, so the total and the page come from the same snapshot even while
    // other processes write.
    this.readPage = this.db.transaction((query: TransactionQuery, outerTransaction: boolean) => ({
      total: this.counts.total(query, !outerTransaction, () => toCount(this.first<CountRow>(this.queries.countMatching(query)))),
      rows: query.limit === 0 ? [] : this.all<TransactionRow>(this.queries.listPage(query)).map(toTransactionRecord),
    }));
  }

  async migrate(): Promise<void> {
    const migrator = new Migrator({
      db: this.kysely,
      provider: migrationProvider('sqlite'),
      migrationTableName: 'moneta_migrations',
      migrationLockTableName: 'moneta_migrations_lock',
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
  }

  async ping(): Promise<void> {
    this.guard(() => this.db.prepare('SELECT 1').get());
  }

  async durabilityWarnings(): Promise<string[]> {
    // journal_mode and synchronous are set on every open; report if the file refused them.
    const mode = String(this.db.pragma('journal_mode', { simple: true })).toLowerCase();
    const synchronous = Number(this.db.pragma('synchronous', { simple: true }));
    const warnings: string[] = [];
    if (mode !== 'wal' && mode !== 'memory') warnings.push(`journal_mode is "${mode}", not WAL`);
    if (synchronous !== 2 && synchronous !== 3) warnings.push(`synchronous is ${synchronous}, not FULL`);
    return warnings;
  }

  async close(): Promise<void> {
    this.writes.flush();
    // Not caught up here: a CLI import of a million rows would take ~40 s longer. A running
    // server's indexer (it polls) or the next start indexes what is left; searches stay exact.
    this.searchIndexer.close();
    try {
      this.db.pragma('optimize');
    } catch {
      // Statistics are an optimisation; a read-only or busy file must not block shutdown.
    }
    await this.kysely.destroy();
  }

  async listTransactions(query: TransactionQuery): Promise<TransactionPage> {
    return this.guard(() => this.readPage(query, this.db.inTransaction));
  }

  async streamTransactions(query: TransactionQuery): Promise<TransactionStream> {
    if (this.path === ':memory:') {
      // No second connection can see a private in-memory database: one read, handed out in batches.
      const { total, rows } = await this.listTransactions(query);
      return { total, batches: inBatches(rows) };
    }
    return this.guard(() => openSqliteStream(this.path, this.busyTimeoutMs, this.queries.countMatching(query), this.queries.listPage(query)));
  }

  async findTransactionById(id: TransactionId): Promise<TransactionRecord | null> {
    const row = this.guard(() => this.first<TransactionRow>(this.queries.findTransactionById(id)));
    return row ? toTransactionRecord(row) : null;
  }

  createTransaction(input: NewTransaction): Promise<TransactionRecord> {
    return this.write(() => this.insertTransaction(input));
  }

  createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation> {
    return this.write((): IdempotentCreation => {
      this.run(this.security.deleteExpiredKey(request.key, request.expiredBefore));
      if (!this.first<{ key: string }>(this.security.claimKey(request.key, request.fingerprint, request.now))) {
        return replayOf(this.first<IdempotencyKeyRow>(this.security.findKey(request.key)), request.fingerprint);
      }
      const created = this.insertTransaction(input);
      const response = request.respond(created);
      this.run(this.security.completeKey(request.key, created.id, response));
      return { outcome: 'created', response };
    });
  }

  purgeIdempotencyKeys(expiredBefore: number): Promise<number> {
    return this.write(() => this.run(this.security.deleteExpiredKeys(expiredBefore)).changes);
  }

  async listApiTokens(): Promise<ApiTokenRecord[]> {
    return this.guard(() => this.all<ApiTokenRow>(this.security.listApiTokens()).map(toApiToken));
  }

  addApiToken(token: ApiTokenRecord): Promise<boolean> {
    return this.write(() => this.run(this.security.insertApiToken(token)).changes > 0);
  }

  removeApiToken(name: string): Promise<boolean> {
    return this.write(() => this.run(this.security.deleteApiToken(name)).changes > 0);
  }

  /** Runs inside a write job. */
  private insertTransaction(input: NewTransaction): TransactionRecord {
    if (input.bank != null && !this.first<BankRow>(this.queries.findBankById(input.bank))) {
      throw invalidField('body', 'bank', `names no known bank ("${input.bank}")`);
    }
    if (input.category != null) this.run(this.queries.insertCategoryIfMissing(input.category));
    return createdRecord(this.first<{ id: number }>(this.queries.insertTransaction(input)), input);
  }

  setTransactionCategory(id: TransactionId, category: string | null): Promise<boolean> {
    return this.write(() => {
      // Check first, so a PUT to a missing transaction creates no category either.
      if (!this.first<TransactionRow>(this.queries.findTransactionById(id))) return false;
      if (category !== null) this.run(this.queries.insertCategoryIfMissing(category));
      return this.run(this.queries.updateTransactionCategory(id, category)).changes > 0;
    });
  }

  async listBanks(): Promise<Bank[]> {
    return this.guard(() => this.all<BankRow>(this.queries.listBanks()).map(toBank));
  }

  async findBankById(id: string): Promise<Bank | null> {
    const row = this.guard(() => this.first<BankRow>(this.queries.findBankById(id)));
    return row ? toBank(row) : null;
  }

  addBank(bank: Bank): Promise<boolean> {
    return this.write(() => this.run(this.queries.insertBank(bank)).changes > 0);
  }

  removeBank(id: string): Promise<RemoveOutcome> {
    return this.write((): RemoveOutcome => {
      if (!this.first<BankRow>(this.queries.findBankById(id))) return { status: 'missing' };
      const transactions = toCount(this.first<CountRow>(this.queries.countOfBank(id)));
      if (transactions > 0) return { status: 'in-use', transactions };
      this.run(this.queries.deleteBank(id));
      return { status: 'removed' };
    });
  }

  async listCategories(): Promise<Category[]> {
    return this.guard(() => this.all<CategoryRow>(this.queries.listCategories()).map(toCategory));
  }

  saveCategory(category: Category): Promise<void> {
    return this.write(() => {
      this.run(this.queries.upsertCategory(category));
    });
  }

  removeCategory(name: string, options: { force: boolean }): Promise<RemoveOutcome> {
    return this.write((): RemoveOutcome => {
      if (!this.first<CategoryRow>(this.queries.findCategory(name))) return { status: 'missing' };
      const transactions = toCount(this.first<CountRow>(this.queries.countInCategory(name)));
      if (transactions > 0 && !options.force) return { status: 'in-use', transactions };
      if (transactions > 0) this.run(this.queries.uncategoriseAll(name));
      this.run(this.queries.deleteCategory(name));
      return { status: 'removed' };
    });
  }

  async beginImport(bank: string): Promise<ImportSession> {
    // Writes already queued commit on their own first, not inside the import's transaction.
    this.writes.flush();
    return this.guard(() => new SqliteImportSession(this.db, bank, translateError, () => this.searchIndexer.kick()));
  }

  async listRules(): Promise<Rule[]> {
    return this.guard(() => this.all<RuleRow>(this.rules.listRules()).map(toRule));
  }

  addRule(rule: NewRule): Promise<Rule> {
    return this.write(() => {
      const inserted = this.first<{ id: number }>(this.rules.insertRule(rule));
      if (!inserted) throw new Error('INSERT ... RETURNING gave no row');
      return { ...rule, id: Number(inserted.id) };
    });
  }

  removeRule(id: number): Promise<boolean> {
    return this.write(() => this.run(this.rules.deleteRule(id)).changes > 0);
  }

  async rulesVersion(): Promise<string> {
    return this.guard(() => toRulesVersion(this.first<RulesVersionRow>(this.rules.rulesVersion())));
  }

  async transactionsAfter(afterId: number, limit: number, options: { uncategorisedOnly: boolean }): Promise<TransactionRecord[]> {
    return this.guard(() => this.all<TransactionRow>(this.rules.transactionsAfter(afterId, limit, options.uncategorisedOnly)).map(toTransactionRecord));
  }

  private async write<T>(job: () => T): Promise<T> {
    try {
      return await this.writes.submit(job);
    } catch (error) {
      throw translateError(error);
    }
  }

  private guard<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw translateError(error);
    }
  }

  private all<T>(query: CompiledQuery): T[] {
    return this.statements.all<T>(query);
  }

  private first<T>(query: CompiledQuery): T | undefined {
    return this.statements.first<T>(query);
  }

  private run(query: CompiledQuery): Database.RunResult {
    return this.statements.run(query);
  }
}

async function* inBatches(rows: TransactionRecord[]): AsyncGenerator<TransactionRecord[], void, undefined> {
  for (let start = 0; start < rows.length; start += STREAM_BATCH_ROWS) yield rows.slice(start, start + STREAM_BATCH_ROWS);
}

function translateError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && [...TRANSIENT_CODES].some((prefix) => code.startsWith(prefix))) {
    const message = code.startsWith('SQLITE_FULL') ? 'the database disk is full' : 'the database is busy or unreachable';
    return new StoreUnavailableError(message, 1, { cause: error });
  }
  return error;
}
