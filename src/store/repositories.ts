import type { CompiledQuery } from 'kysely';
import { toBank, toCategory, toTransactionRecord, type BankRow, type CategoryRow, type TransactionRow } from './queries.js';
import { toRule, toRulesVersion, type RuleRow, type RulesVersionRow } from './rules-queries.js';
import { toApiToken, type ApiTokenRow } from './security-queries.js';
import {
  MissingReferenceError,
  type CatalogueRepository,
  type IdempotencyRepository,
  type RulesRepository,
  type TokensRepository,
  type TransactionsRepository,
} from './store.js';
import type { StoreQueries, SubmitWrite } from './writes.js';

/**
 * The repositories, written once over what an engine provides: its statement builders, a way to
 * run one read statement and a way to run one write program (writes.ts). Engines add only what
 * they do differently: how a page of transactions is read, imports and the lifecycle.
 */
export interface EngineAccess {
  readonly queries: StoreQueries;
  /** Runs one read statement, outside any write transaction. */
  all<T>(query: CompiledQuery<T>): Promise<T[]>;
  first<T>(query: CompiledQuery<T>): Promise<T | undefined>;
  /** Runs one write program in a transaction of its own; resolves once it is durably committed. */
  readonly write: SubmitWrite;
}

/** The reads of a page of transactions, the one place where the engines differ in how they read. */
export type PageReads = Pick<TransactionsRepository, 'list' | 'page' | 'stream'>;

export function transactionsRepository(db: EngineAccess, pages: PageReads): TransactionsRepository {
  const { transactions: t, rules } = db.queries;
  return {
    list: (query) => pages.list(query),
    page: (query) => pages.page(query),
    stream: (query) => pages.stream(query),
    async findById(id) {
      const row = await db.first<TransactionRow>(t.findTransactionById(id));
      return row ? toTransactionRecord(row) : null;
    },
    async create(input) {
      const created = await db.write('createTransaction', input);
      if (created.status === 'unknown-bank') throw new MissingReferenceError('bank', String(input.bank));
      return created.record;
    },
    setCategory: (id, category) => db.write('setTransactionCategory', id, category),
    async after(afterId, limit, options) {
      return (await db.all<TransactionRow>(rules.transactionsAfter(afterId, limit, options.uncategorisedOnly))).map(toTransactionRecord);
    },
  };
}

export function catalogueRepository(db: EngineAccess): CatalogueRepository {
  const { transactions: t } = db.queries;
  return {
    async listBanks() {
      return (await db.all<BankRow>(t.listBanks())).map(toBank);
    },
    async findBank(id) {
      const row = await db.first<BankRow>(t.findBankById(id));
      return row ? toBank(row) : null;
    },
    addBank: (bank) => db.write('addBank', bank),
    removeBank: (id) => db.write('removeBank', id),
    async listCategories() {
      return (await db.all<CategoryRow>(t.listCategories())).map(toCategory);
    },
    saveCategory: (category) => db.write('saveCategory', category),
    removeCategory: (name, options) => db.write('removeCategory', name, options),
  };
}

export function rulesRepository(db: EngineAccess): RulesRepository {
  const { rules } = db.queries;
  return {
    async list() {
      return (await db.all<RuleRow>(rules.listRules())).map(toRule);
    },
    add: (rule) => db.write('addRule', rule),
    remove: (id) => db.write('removeRule', id),
    async version() {
      return toRulesVersion(await db.first<RulesVersionRow>(rules.rulesVersion()));
    },
  };
}

export function tokensRepository(db: EngineAccess): TokensRepository {
  const { security } = db.queries;
  return {
    async list() {
      return (await db.all<ApiTokenRow>(security.listApiTokens())).map(toApiToken);
    },
    add: (token) => db.write('addApiToken', token),
    remove: (name) => db.write('removeApiToken', name),
  };
}

export function idempotencyRepository(db: EngineAccess): IdempotencyRepository {
  return {
    async createTransaction(input, request) {
      const result = await db.write('createTransactionIdempotent', input, request);
      if (result.outcome === 'unknown-bank') throw new MissingReferenceError('bank', String(input.bank));
      return result;
    },
    purge: (expiredBefore) => db.write('purgeIdempotencyKeys', expiredBefore),
  };
}
