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

/** A page read in batches (see Store.streamTransactions). */
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

/** A page already written as the contract's Transactions array (see Store.listTransactionsAsJson). */
export interface TransactionPageJson {
  /** Matching all filters, before limit and offset. */
  total: number;
  /** Transactions in the page; when 0, `json` is '[]'. */
  count: number;
  /**
   * Byte for byte what the listTransactions route's serialiser writes for the page's rows
   * (presentTransaction's objects through the contract's response schema).
   */
  json: string;
}

/**
 * Everything the services need from persistence. One implementation per engine; both build
 * their SQL from the same query builders (queries.ts), so behaviour is identical.
 * Lookups return null rather than throw; writes resolve only once durably committed.
 */
export interface Store {
  readonly engine: EngineName;
  /** Applies pending migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Settings of the engine under which an acknowledged write could be lost (empty when none). */
  durabilityWarnings(): Promise<string[]>;

  listTransactions(query: TransactionQuery): Promise<TransactionPage>;
  /**
   * listTransactions with the page written as JSON by the engine, for engines that can do it
   * cheaper than building row objects and serialising them (SQLite). For pages that fit in
   * memory, as listTransactions.
   */
  listTransactionsAsJson?(query: TransactionQuery): Promise<TransactionPageJson>;
  /** listTransactions for pages too big to hold in memory: the same rows, a batch at a time. */
  streamTransactions(query: TransactionQuery): Promise<TransactionStream>;
  findTransactionById(id: TransactionId): Promise<TransactionRecord | null>;
  /** Creates the category when it does not exist. Throws DomainError for an unknown bank. */
  createTransaction(input: NewTransaction): Promise<TransactionRecord>;
  /** Creates the category when it does not exist; false when no such transaction. */
  setTransactionCategory(id: TransactionId, category: string | null): Promise<boolean>;

  listBanks(): Promise<Bank[]>;
  findBankById(id: string): Promise<Bank | null>;
  /** False when a bank with that id exists already. */
  addBank(bank: Bank): Promise<boolean>;
  /** 'missing' | 'in-use' | 'removed' */
  removeBank(id: string): Promise<RemoveOutcome>;

  listCategories(): Promise<Category[]>;
  /** Creates the category or, when it exists, sets its group. */
  saveCategory(category: Category): Promise<void>;
  /** With force, transactions in the category become uncategorised first. */
  removeCategory(name: string, options: { force: boolean }): Promise<RemoveOutcome>;

  /** Starts importing one file into a bank: one open transaction (see ImportSession). */
  beginImport(bank: string): Promise<ImportSession>;
  /** Categorisation rules, in the order they apply. */
  listRules(): Promise<Rule[]>;
  /** The bank, when given, must exist (the caller checks; the foreign key enforces). */
  addRule(rule: NewRule): Promise<Rule>;
  /** False when there is no such rule. */
  removeRule(id: number): Promise<boolean>;
  /** Changes whenever a rule is added or removed; one cheap query, so caches can ask often. */
  rulesVersion(): Promise<string>;
  /** Up to `limit` transactions with id > afterId, by id: a scan that may update as it goes. */
  transactionsAfter(afterId: number, limit: number, options: { uncategorisedOnly: boolean }): Promise<TransactionRecord[]>;

  /**
   * createTransaction under an Idempotency-Key: the key's record and the transaction are written
   * in one transaction, so a crash can never keep one without the other. A key already taken
   * (and not expired) creates nothing: its stored response, or 'mismatch' for another body.
   */
  createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation>;
  /** Forgets keys recorded before the given moment (ms since the epoch); returns how many. */
  purgeIdempotencyKeys(expiredBefore: number): Promise<number>;

  /** API tokens by name. */
  listApiTokens(): Promise<ApiTokenRecord[]>;
  /** False when a token with that name exists already. */
  addApiToken(token: ApiTokenRecord): Promise<boolean>;
  /** False when there is no token with that name. */
  removeApiToken(name: string): Promise<boolean>;
}

export type RemoveOutcome = { status: 'removed' } | { status: 'missing' } | { status: 'in-use'; transactions: number };
