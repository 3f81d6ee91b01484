import type {
  Bank,
  Category,
  NewTransaction,
  TransactionId,
  TransactionQuery,
  TransactionRecord,
} from '../domain/transaction.js';
import type { NewRule, Rule } from '../domain/rules/rule.js';
import type { ImportSession } from './import-session.js';
import type { ApiTokenRecord } from '../domain/api-token.js';
import type { IdempotencyRequest, IdempotentCreation } from '../domain/idempotency.js';

export type EngineName = 'sqlite' | 'postgres';

/**
 * What persistence offers the services: one small repository per aggregate, and the store's
 * lifecycle. A service takes only the repositories it uses. Each engine builds these from the
 * same queries (queries.ts) and the same write programs (writes.ts); see docs/architecture.md.
 * Lookups return null rather than throw; writes resolve only once durably committed.
 * Repositories report facts (a row missing, a reference to nothing); what a request did wrong
 * and which field it names is the services' business.
 */
export interface Store {
  readonly engine: EngineName;
  readonly lifecycle: StoreLifecycle;
  readonly transactions: TransactionsRepository;
  readonly catalogue: CatalogueRepository;
  readonly rules: RulesRepository;
  readonly imports: ImportsRepository;
  readonly tokens: TokensRepository;
  readonly idempotency: IdempotencyRepository;
}

export interface StoreLifecycle {
  /** Applies pending migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Settings of the engine under which an acknowledged write could be lost (empty when none). */
  durabilityWarnings(): Promise<string[]>;
}

/** A page read in batches (see TransactionsRepository.stream). */
export interface TransactionStream {
  /** Matching all filters, before limit and offset; from the same snapshot as the rows. */
  total: number;
  /** Ends the read when exhausted; call return() to abandon it early. */
  batches: AsyncGenerator<TransactionRecord[], void, undefined>;
  /** Releases the stream's connection and snapshot at once, even while a batch is being read. */
  abandon?(): void;
  /** Aborts when the stream is cut short by its limits (see StreamGate); the reply must then end at once. */
  signal?: AbortSignal;
}

export interface TransactionPage {
  /** Matching all filters, before limit and offset. */
  total: number;
  rows: TransactionRecord[];
}

/**
 * A page written as the contract's Transactions array by the engine (TRANSACTION_FIELDS,
 * domain/transaction.ts): what GET /transactions sends as it is.
 */
export interface TransactionPageJson {
  /** Matching all filters, before limit and offset. */
  total: number;
  /** Transactions in the page; when 0, `json` is '[]'. */
  count: number;
  /** Byte for byte what the listTransactions route's serialiser writes for the page's rows. */
  json: string;
}

export interface TransactionsRepository {
  /** A page as records (total and rows from one snapshot). */
  list(query: TransactionQuery): Promise<TransactionPage>;
  /** The same page, written as JSON inside the engine: the one read GET /transactions makes. */
  page(query: TransactionQuery): Promise<TransactionPageJson>;
  /** list() for pages too big to hold in memory: the same rows, a batch at a time. */
  stream(query: TransactionQuery): Promise<TransactionStream>;
  findById(id: TransactionId): Promise<TransactionRecord | null>;
  /**
   * Inserts the transaction; its category is created when missing (categories hold every name a
   * transaction uses). Throws MissingReferenceError when the bank does not exist.
   */
  create(input: NewTransaction): Promise<TransactionRecord>;
  /** Creates the category when missing; false when there is no such transaction. */
  setCategory(id: TransactionId, category: string | null): Promise<boolean>;
  /** Up to `limit` transactions with id > afterId, by id: a scan that may update as it goes. */
  after(afterId: number, limit: number, options: { uncategorisedOnly: boolean }): Promise<TransactionRecord[]>;
}

/** Banks and categories. */
export interface CatalogueRepository {
  listBanks(): Promise<Bank[]>;
  findBank(id: string): Promise<Bank | null>;
  /** False when a bank with that id exists already. */
  addBank(bank: Bank): Promise<boolean>;
  removeBank(id: string): Promise<RemoveOutcome>;
  listCategories(): Promise<Category[]>;
  /** Creates the category or, when it exists, sets its group. */
  saveCategory(category: Category): Promise<void>;
  /** See RemoveCategoryOptions. */
  removeCategory(name: string, options: RemoveCategoryOptions): Promise<RemoveOutcome>;
}

export interface RulesRepository {
  /** Categorisation rules, in the order they apply. */
  list(): Promise<Rule[]>;
  /** The bank, when given, must exist (the caller checks; the foreign key enforces). */
  add(rule: NewRule): Promise<Rule>;
  /** False when there is no such rule. */
  remove(id: number): Promise<boolean>;
  /** Changes whenever a rule is added or removed; one cheap query, so caches can ask often. */
  version(): Promise<string>;
}

export interface ImportsRepository {
  /** Starts importing one file into a bank: one open transaction (see ImportSession). */
  begin(bank: string): Promise<ImportSession>;
}

export interface TokensRepository {
  /** API tokens by name. */
  list(): Promise<ApiTokenRecord[]>;
  /** False when a token with that name exists already. */
  add(token: ApiTokenRecord): Promise<boolean>;
  /** False when there is no token with that name. */
  remove(name: string): Promise<boolean>;
}

export interface IdempotencyRepository {
  /**
   * TransactionsRepository.create under an Idempotency-Key: the key's record and the
   * transaction are written in one transaction, so a crash can never keep one without the other.
   * A key already taken (and not expired) creates nothing: its stored response, or 'mismatch'
   * for another body. Throws MissingReferenceError (and keeps no key) for an unknown bank.
   */
  createTransaction(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation>;
  /** Forgets keys recorded before the given moment (ms since the epoch); returns how many. */
  purge(expiredBefore: number): Promise<number>;
}

/**
 * With force, transactions in the category become uncategorised first; with mergeInto, its
 * transactions and rules move to that category (created when missing), in one transaction.
 */
export interface RemoveCategoryOptions {
  force: boolean;
  mergeInto?: string;
}

export type RemoveOutcome = { status: 'removed' } | { status: 'missing' } | { status: 'in-use'; transactions: number };

/** A write named a row that does not exist (a transaction's bank): a fact for the service to word. */
export class MissingReferenceError extends Error {
  constructor(
    readonly entity: 'bank',
    readonly id: string,
  ) {
    super(`no ${entity} has id "${id}"`);
    this.name = 'MissingReferenceError';
  }
}
