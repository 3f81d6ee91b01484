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

export type EngineName = 'sqlite' | 'postgres';

export interface TransactionPage {
  /** Matching all filters, before limit and offset. */
  total: number;
  rows: TransactionRecord[];
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
}

export type RemoveOutcome = { status: 'removed' } | { status: 'missing' } | { status: 'in-use'; transactions: number };
