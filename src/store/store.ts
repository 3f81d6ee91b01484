import type {
  Bank,
  Category,
  NewTransaction,
  TransactionId,
  TransactionQuery,
  TransactionRecord,
} from '../domain/transaction.js';
import type { NewRule, Rule } from '../domain/rules/rule.js';
import type { ImportRecord, ImportSession } from './imports/import-session.js';
import type { BankChanges } from './catalogue/catalogue-queries.js';
import type { ImportDetail, ImportSummary } from '../domain/import-history.js';
import type { ReportGrouping, ReportPart } from '../domain/reports/report-parts.js';
import type { ApiTokenRecord } from '../domain/api-token.js';
import type { IdempotencyRequest, IdempotentCreation } from '../domain/idempotency.js';
import type { ChangeCursor, ChangePage } from '../domain/change-feed.js';
import type { TransactionFilter, TransactionSelection } from '../domain/transaction-filter.js';
import type { DeletedTransaction, DeletionReason, RestoreResult } from '../domain/trash.js';
import type { InboxRepository } from './inbox/inbox-repository.js';

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
  readonly reports: ReportsRepository;
  readonly trash: TrashRepository;
  readonly changes: ChangeFeedRepository;
  readonly inbox: InboxRepository;
}

export interface StoreLifecycle {
  /** Applies pending migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Settings of the engine under which an acknowledged write could be lost (empty when none). */
  durabilityWarnings(): Promise<string[]>;
  /** Where the store lives, for whole-store copies (the backup download): a file or a URL. */
  location(): StoreLocation;
}

/** A SQLite data file (`:memory:` for an in-memory store) or a PostgreSQL URL, with its timeouts. */
export type StoreLocation =
  | { engine: 'sqlite'; path: string; busyTimeoutMs: number }
  | { engine: 'postgres'; url: string; statementTimeoutMs: number };

/** A page read in batches (see TransactionsRepository.stream). */
export interface TransactionStream {
  /** Matching all filters, before limit and offset; from the same snapshot as the rows. */
  total: number;
  /**
   * The rows a batch at a time, each batch a JSON array of Transaction objects written inside the
   * engine, as TransactionPageJson.json is: byte for byte what the listTransactions route's
   * serialiser writes for those rows. Never an empty array. Ends the read when exhausted; call
   * return() to abandon it early.
   */
  batches: AsyncGenerator<string, void, undefined>;
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
  /**
   * Creates the category when missing; false when there is no such transaction. `source` is how
   * the category was chosen (CategorySource); none when absent or when clearing.
   */
  setCategory(id: TransactionId, category: string | null, source?: string | null): Promise<boolean>;
  /** Moves the chosen transactions into the trash (TrashRepository), in one commit; returns how many. */
  delete(selection: TransactionSelection, deletedAt: number, why: DeletionReason): Promise<number>;
  /**
   * Sets (or with null clears) the category of the chosen transactions, in one commit, creating
   * the category when missing; returns how many changed (rows with this category and source already do not).
   */
  recategorise(selection: TransactionSelection, category: string | null, source: string | null): Promise<number>;
  /** What recategorise would change, writing nothing: how many, and the first `sample` by id (as they are now). */
  previewRecategorise(selection: TransactionSelection, category: string | null, source: string | null, sample: number): Promise<TransactionPage>;
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
  /** Sets what is given; the id stays. */
  updateBank(id: string, changes: BankChanges): Promise<'updated' | 'missing'>;
  /** Removes the bank, its transactions and rules going where the plan says (see BankRemovalPlan). */
  removeBankWith(id: string, plan: BankRemovalPlan): Promise<BankRemovalOutcome>;
  /** False when the name exists already. */
  createCategory(category: Category): Promise<boolean>;
  /** Renames (its rows and rules relabelled, their sources kept) and/or sets the group (undefined keeps it). */
  updateCategory(name: string, changes: { name?: string; group?: string | null }): Promise<CategoryUpdateOutcome>;
  /** Moves the rows and rules of each `from` to `into` (created when missing) and removes them. */
  mergeCategories(from: readonly string[], into: string): Promise<CategoryMergeOutcome>;
  removeCategoryWith(name: string, plan: CategoryRemovalPlan): Promise<CategoryRemovalOutcome>;
  /** The listed categories (created when missing) move into the group, which must not exist yet. */
  createCategoryGroup(group: string, categories: readonly string[]): Promise<GroupOutcome>;
  renameCategoryGroup(group: string, to: string): Promise<GroupOutcome>;
  /** Its categories stay, without a group. */
  removeCategoryGroup(group: string): Promise<GroupOutcome>;
}

/**
 * Where a removed bank's transactions go (`move` to `moveTo`, or the `trash` as deleted at
 * `deletedAt`) and what happens to rules naming it (`remove`, or `retarget` to `moveTo`).
 * Without an answer for what the bank has, nothing is removed (`in-use`).
 */
export interface BankRemovalPlan {
  transactions?: 'move' | 'trash';
  rules?: 'remove' | 'retarget';
  moveTo?: string;
  deletedAt: number;
}

export type BankRemovalOutcome =
  | { status: 'removed'; moved: number; trashed: number; rulesRemoved: number[]; rulesRetargeted: number[] }
  | { status: 'missing' }
  | { status: 'unknown-target' }
  | { status: 'in-use'; transactions: number; rules: number[] };

/** `uncategorise`: its transactions lose their category (else they keep it in use); rules as for banks, `rulesTo` the new name. */
export interface CategoryRemovalPlan {
  uncategorise: boolean;
  rules?: 'remove' | 'retarget';
  rulesTo?: string;
}

export type CategoryRemovalOutcome =
  | { status: 'removed'; uncategorised: number; rulesRemoved: number[]; rulesRetargeted: number[] }
  | { status: 'missing' }
  | { status: 'in-use'; transactions: number; rules: number[] };

export type CategoryUpdateOutcome = { status: 'updated'; category: Category } | { status: 'missing' } | { status: 'name-taken' };

export type CategoryMergeOutcome = { status: 'merged'; into: Category; transactions: number; rules: number[] } | { status: 'missing'; name: string };

/** A group's categories after the change (for a removal: those that left it). */
export type GroupOutcome = { status: 'done'; categories: string[] } | { status: 'missing' } | { status: 'exists' };

export interface RulesRepository {
  /** Categorisation rules, in the order they apply. */
  list(): Promise<Rule[]>;
  /** The bank, when given, must exist (the caller checks; the foreign key enforces). */
  add(rule: NewRule): Promise<Rule>;
  /** False when there is no such rule. */
  remove(id: number): Promise<boolean>;
  /** Changes whenever a rule is added, removed or changed; one cheap query, so caches can ask often. */
  version(): Promise<string>;
  /** False when there is no such rule. The bank, when given, must exist. */
  update(id: number, rule: NewRule): Promise<boolean>;
  /** Sets the order rules apply in: `ids` must list every rule once. */
  reorder(ids: readonly number[]): Promise<RuleOrderOutcome>;
  /** Gives each rule's rows its category (source rule:<id>) in one commit; per rule, how many changed. */
  applyMatches(matches: readonly RuleMatches[], scope: { uncategorisedOnly: boolean; overwriteManual: boolean }): Promise<number[]>;
}

/** The rows one rule matched in a scan, for applyMatches. */
export interface RuleMatches {
  ruleId: number;
  category: string;
  ids: readonly number[];
}

/** `missing`: rules the list left out; `unknown`: ids that name no rule (or are listed twice). */
export type RuleOrderOutcome = { status: 'reordered' } | { status: 'mismatch'; missing: number[]; unknown: number[] };

export interface ImportsRepository {
  /** Starts importing one file into a bank: one open transaction (see ImportSession); with `record`, it enters the import history. */
  begin(bank: string, record?: ImportRecord): Promise<ImportSession>;
  /** The import history, most recent first. */
  list(limit: number, offset: number): Promise<{ total: number; rows: ImportSummary[] }>;
  /** One import and where its rows are now; null when there is no such import. */
  find(id: number): Promise<ImportDetail | null>;
  /** A page of the rows the import added that are in the list now, by id. */
  transactions(id: number, limit: number, offset: number): Promise<TransactionRecord[]>;
  /**
   * Moves every row the import added that is still in the list into the trash (reason 'import'),
   * in one commit; returns how many. Their import keys leave with them, so the file imports again.
   */
  undo(id: number, deletedAt: number): Promise<number>;
}

/** Deleted transactions, kept whole until purged (migration 0009). */
export interface TrashRepository {
  /** Most recently deleted first; total and page from one snapshot is not promised (two reads). */
  list(limit: number, offset: number): Promise<{ total: number; rows: DeletedTransaction[] }>;
  /** Moves the rows back with the same ids, where they can go back (see RestoreResult). */
  restore(ids: readonly number[]): Promise<RestoreResult>;
  /** Forgets rows deleted before this moment (ms since the epoch); returns how many. */
  purge(deletedBefore: number): Promise<number>;
}

/** The change feed (migration 0009; docs/change-feed.md). */
export interface ChangeFeedRepository {
  /** Up to `limit` changes after the cursor, in commit order; null when the cursor is older than a purge. */
  after(cursor: ChangeCursor, limit: number): Promise<ChangePage | null>;
  /** The same page as JSON, as GET /changes sends it (SQLite writes it in SQL); null as for after(). */
  afterJson(cursor: ChangeCursor, limit: number): Promise<ChangePageJson | null>;
}

/** A page of changes with the changes already JSON: what GET /changes sends as it is. */
export interface ChangePageJson {
  /** The changes as a JSON array, byte for byte what the listChanges route's serialiser writes for them (presentChange). */
  json: string;
  next: ChangeCursor;
  more: boolean;
}

export interface ReportsRepository {
  /**
   * The parts of a report over the transactions the filter matches, grouped as asked, all from
   * one snapshot (one statement). See ReportPart for how they add up.
   */
  parts(filter: TransactionFilter, grouping: ReportGrouping): Promise<ReportPart[]>;
  /**
   * A text that changes whenever a commit changes the stored data, whichever connection or
   * process made it. Read before a report, it names what the report may be remembered under
   * (services/report-answers.ts). Undefined when it cannot be said: inside an open transaction
   * of this store (an import), or an engine without one.
   */
  version(): Promise<string | undefined>;
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
