import type { CompiledQuery } from 'kysely';
import { toBank, toCategory, toCount, toTransactionRecord, type BankRow, type CategoryRow, type CountRow, type TransactionRow } from './transactions/transactions-queries.js';
import { changeObject, type ChangeCursor } from '../domain/change-feed.js';
import type { ChangeJsonRow } from './changes/change-feed-queries.js';
import { cursorOf, toChangePage, toDeletedTransaction } from './changes/change-rows.js';
import type { DeletedRow, SampleRow } from './transactions/corrections-queries.js';
import { toImportDetail, toImportSummary, type ImportDetailRow, type ImportRow } from './imports/imports-queries.js';
import { toReportPart, type ReportRow } from './reports/report-queries.js';
import { toRule, toRulesVersion, type RuleRow, type RulesVersionRow } from './rules/rules-queries.js';
import { toApiToken, type ApiTokenRow } from './security/security-queries.js';
import {
  MissingReferenceError,
  type CatalogueRepository,
  type ChangeFeedRepository,
  type TrashRepository,
  type IdempotencyRepository,
  type ImportsRepository,
  type ReportsRepository,
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
  /**
   * Where the engine has it (SQLite): runs one read statement and gives each row as an array of
   * its columns in SELECT order, which costs less than building row objects (a change page of
   * 1,000 rows: ~1.0 ms as objects, ~0.7 ms as arrays).
   */
  arrays?<T extends readonly unknown[]>(query: CompiledQuery): Promise<T[]>;
  /** Runs one write program in a transaction of its own; resolves once it is durably committed. */
  readonly write: SubmitWrite;
}

/** The reads of a page of transactions, the one place where the engines differ in how they read. */
export type PageReads = Pick<TransactionsRepository, 'list' | 'page' | 'stream'>;

export function transactionsRepository(db: EngineAccess, pages: PageReads): TransactionsRepository {
  const { transactions: t, rules, corrections } = db.queries;
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
    setCategory: (id, category, source) => db.write('setTransactionCategory', id, category, source ?? null),
    delete: (selection, deletedAt, why) => db.write('deleteTransactions', selection, deletedAt, why),
    recategorise: (selection, category, source) => db.write('recategoriseTransactions', selection, category, source),
    async previewRecategorise(selection, category, source, sample) {
      const rows = await db.all<SampleRow>(corrections.recategoriseSample(selection, category, category === null ? null : source, sample));
      return { total: Number(rows[0]?.total ?? 0), rows: rows.map(toTransactionRecord) };
    },
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
    updateBank: (id, changes) => db.write('updateBank', id, changes),
    removeBankWith: (id, plan) => db.write('removeBankWith', id, plan),
    createCategory: (category) => db.write('createCategory', category),
    updateCategory: (name, changes) => db.write('updateCategory', name, changes),
    mergeCategories: (from, into) => db.write('mergeCategories', from, into),
    removeCategoryWith: (name, plan) => db.write('removeCategoryWith', name, plan),
    createCategoryGroup: (group, categories) => db.write('createCategoryGroup', group, categories),
    renameCategoryGroup: (group, to) => db.write('renameCategoryGroup', group, to),
    removeCategoryGroup: (group) => db.write('removeCategoryGroup', group),
  };
}

/** One statement, so one snapshot: the engines that read it where they run other reads (PostgreSQL). */
export function reportsRepository(db: EngineAccess, version: ReportsRepository['version']): ReportsRepository {
  return {
    async parts(filter, grouping) {
      return (await db.all<ReportRow>(db.queries.reports.report(filter, grouping))).map(toReportPart);
    },
    version,
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
    update: (id, rule) => db.write('updateRule', id, rule),
    reorder: (ids) => db.write('reorderRules', ids),
    applyMatches: (matches, scope) => db.write('applyRules', matches, scope),
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

export function trashRepository(db: EngineAccess): TrashRepository {
  const { corrections } = db.queries;
  return {
    async list(limit, offset) {
      const total = toCount(await db.first<CountRow>(corrections.trashCount()));
      const rows = total === 0 || limit === 0 ? [] : await db.all<DeletedRow>(corrections.trashPage(limit, offset));
      return { total, rows: rows.map(toDeletedTransaction) };
    },
    restore: (ids) => db.write('restoreTransactions', ids),
    purge: (deletedBefore) => db.write('purgeTrash', deletedBefore),
  };
}

/** The import history and undo; the engine brings `begin` (its import session). */
export function importHistoryRepository(db: EngineAccess): Omit<ImportsRepository, 'begin'> {
  const { imports } = db.queries;
  return {
    async list(limit, offset) {
      const total = toCount(await db.first<CountRow>(imports.count()));
      const rows = total === 0 || limit === 0 ? [] : await db.all<ImportRow>(imports.page(limit, offset));
      return { total, rows: rows.map(toImportSummary) };
    },
    async find(id) {
      const row = await db.first<ImportDetailRow>(imports.find(id));
      return row ? toImportDetail(row) : null;
    },
    async transactions(id, limit, offset) {
      if (limit === 0) return [];
      return (await db.all<TransactionRow>(imports.transactions(id, limit, offset))).map(toTransactionRecord);
    },
    undo: (id, deletedAt) => db.write('deleteTransactions', { importId: id }, deletedAt, { reason: 'import', importId: id }),
  };
}

export function changeFeedRepository(db: EngineAccess): ChangeFeedRepository {
  const { changes } = db.queries;
  /**
   * When the rest of the cursor's own commit fills the page (ownEntry: limit + 1 rows of it), it
   * is the page. Otherwise, PostgreSQL: first the horizon, then the whole page in a later
   * snapshot, bounded by it. Either way one statement, so one snapshot. The purge mark is read
   * after the page: purges only move it forward, so a purge the page missed shows there (and
   * the page is answered null).
   */
  const read = async <R>(
    cursor: ChangeCursor,
    limit: number,
    ownEntry: CompiledQuery<R> | undefined,
    page: (horizon: number | undefined) => CompiledQuery<R>,
    run: (query: CompiledQuery<R>) => Promise<R[]> = (query) => db.all<R>(query),
  ): Promise<R[] | null> => {
    let rows = ownEntry && (await run(ownEntry));
    if (!rows || rows.length <= limit) {
      const horizonQuery = changes.horizon();
      const horizon = horizonQuery && Number((await db.first(horizonQuery))?.horizon ?? 0);
      rows = await run(page(horizon));
    }
    const state = await db.first<{ purged_through: number | string }>(changes.purgedThrough());
    if (cursor.seq > 0 && cursor.seq < Number(state?.purged_through ?? 0)) return null;
    return rows;
  };
  const after: ChangeFeedRepository['after'] = async (cursor, limit) => {
    const rows = await read(cursor, limit, changes.ownEntryPage(cursor, limit + 1), (horizon) => changes.page(cursor, limit + 1, horizon));
    return rows && toChangePage(rows, limit, cursor);
  };
  return {
    after,
    async afterJson(cursor, limit) {
      // Where the engine cannot write the JSON (or read rows as arrays), the page's objects are written here.
      const arrays = db.arrays?.bind(db);
      if (!changes.writesJson || !arrays) {
        const page = await after(cursor, limit);
        return page && { json: JSON.stringify(page.changes.map(changeObject)), next: page.next, more: page.more };
      }
      const rows = await read(cursor, limit, changes.ownEntryJsonPage(cursor, limit + 1), (horizon) => changes.jsonPage(cursor, limit + 1, horizon), (query) => arrays<ChangeJsonRow>(query));
      if (!rows) return null;
      const listed = Math.min(rows.length, limit);
      const texts = new Array<string>(listed);
      for (let i = 0; i < listed; i += 1) texts[i] = (rows[i] as ChangeJsonRow)[4];
      const last = rows[listed - 1];
      const next = last ? cursorOf({ seq: last[0], phase: last[1], id: last[2], key: last[3] }) : cursor;
      return { json: changes.jsonArray(texts), next, more: rows.length > limit };
    },
  };
}
