import type { NewTransaction, TransactionId, TransactionQuery, TransactionRecord } from '../../domain/transaction.js';
import type { DeletionReason } from '../../domain/trash.js';
import type { TransactionSelection } from '../../domain/transaction-filter.js';
import type { EngineAccess } from '../engine/engine-access.js';
import type { TransactionStream } from '../engine/stream-gate.js';
import type { CorrectionPrograms } from './correction-writes.js';
import type { CorrectionsQueries, SampleRow } from './corrections-queries.js';
import { toTransactionRecord, type Queries, type TransactionRow } from './transactions-queries.js';
import type { TransactionPrograms } from './transactions-writes.js';

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
  /** A person's delete: refused, moving nothing, when reconciled rows are among the chosen ones, unless `force`. */
  deleteRequested(selection: TransactionSelection, deletedAt: number, force: boolean): Promise<{ status: 'deleted' | 'reconciled'; count: number }>;
  /**
   * Sets (or with null clears) the category of the chosen transactions, in one commit, creating
   * the category when missing; returns how many changed (rows with this category and source already do not).
   */
  recategorise(selection: TransactionSelection, category: string | null, source: string | null): Promise<number>;
  /** What recategorise would change, writing nothing: how many, and the first `sample` by id (as they are now). */
  previewRecategorise(selection: TransactionSelection, category: string | null, source: string | null, sample: number): Promise<TransactionPage>;
  /** Up to `limit` transactions with id > afterId, by id: a scan that may update as it goes. */
  after(afterId: number, limit: number, options: { uncategorisedOnly: boolean }): Promise<TransactionRecord[]>;
  /** The `afterId` from which after() visits only the newest `newest` transactions (0 when there are no more than that). */
  newestFrom(newest: number): Promise<number>;
}

/** A write named a row that does not exist (a transaction's bank): a fact for the service to word. */
export class MissingReferenceError extends Error {
  constructor(
    readonly entity: 'bank' | 'account',
    readonly id: string,
  ) {
    super(`no ${entity} has id "${id}"`);
    this.name = 'MissingReferenceError';
  }
}

/** The reads of a page of transactions, the one place where the engines differ in how they read. */
export type PageReads = Pick<TransactionsRepository, 'list' | 'page' | 'stream'>;

export function transactionsRepository(
  db: EngineAccess<{ transactions: Queries; corrections: CorrectionsQueries }, TransactionPrograms & CorrectionPrograms>,
  pages: PageReads,
): TransactionsRepository {
  const { transactions: t, corrections } = db.queries;
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
      if (created.status === 'unknown-account') throw new MissingReferenceError('account', String(input.account));
      return created.record;
    },
    setCategory: (id, category, source) => db.write('setTransactionCategory', id, category, source ?? null),
    delete: (selection, deletedAt, why) => db.write('deleteTransactions', selection, deletedAt, why),
    deleteRequested: (selection, deletedAt, force) => db.write('deleteRequested', selection, deletedAt, force),
    recategorise: (selection, category, source) => db.write('recategoriseTransactions', selection, category, source),
    async previewRecategorise(selection, category, source, sample) {
      // Counts the whole selection (a filter may match a million rows): the bounded read path.
      const rows = await db.scanAll<SampleRow>(corrections.recategoriseSample(selection, category, category === null ? null : source, sample));
      return { total: Number(rows[0]?.total ?? 0), rows: rows.map(toTransactionRecord) };
    },
    async after(afterId, limit, options) {
      // A pass over every row (rules, suggestions) is many of these: each on the bounded read path.
      return (await db.scanAll<TransactionRow>(t.transactionsAfter(afterId, limit, options.uncategorisedOnly))).map(toTransactionRecord);
    },
    async newestFrom(newest) {
      // Steps over `newest` entries of the primary key: the bounded read path too.
      const row = await db.scanFirst<{ id: number | string }>(t.newestFrom(newest));
      return row === undefined ? 0 : Number(row.id) - 1;
    },
  };
}
