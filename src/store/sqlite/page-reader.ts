import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { TransactionQuery } from '../../domain/transaction.js';
import { sqliteQuirks } from './sqlite-quirks.js';
import { Queries, toCount, toTransactionRecord, type CountRow, type TransactionRow } from '../transactions/transactions-queries.js';
import { ReportQueries, toReportPart, type ReportRow } from '../reports/report-queries.js';
import { InboxQueries, toInboxPart, type InboxRow } from '../inbox/inbox-queries.js';
import type { InboxPart } from '../../domain/reports/inbox.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { ReportGrouping, ReportPart } from '../../domain/reports/report-parts.js';
import type { Database as Schema } from '../engine/schema.js';
import type { TransactionPage, TransactionPageJson } from '../store.js';
import { CompiledStatements } from './compiled-statements.js';
import { CountCache } from './count-cache.js';
import { listStoredJsonPage, transactionsJsonArray } from './json-page.js';

/**
 * Reads pages of transactions on one connection: the store's own (in its event loop), or a read
 * thread's (read-pool.ts). Each page and its total come from one read transaction, so from the
 * same snapshot even while other connections write.
 */
export class PageReader {
  readonly queries: Queries;
  private readonly reports: ReportQueries;
  private readonly inbox: InboxQueries;
  /** Any read statement on this connection (the read pool's scans). */
  readonly statements: CompiledStatements;
  private readonly counts: CountCache;
  private readonly readPage: (query: TransactionQuery, outerTransaction: boolean) => TransactionPage;
  private readonly readJsonPage: (query: TransactionQuery, outerTransaction: boolean) => TransactionPageJson;

  constructor(private readonly db: Database.Database) {
    this.statements = new CompiledStatements(db);
    const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) });
    this.queries = new Queries(kysely, sqliteQuirks);
    this.reports = new ReportQueries(kysely, sqliteQuirks, this.queries);
    this.inbox = new InboxQueries(kysely, sqliteQuirks, this.queries);
    this.counts = new CountCache(db);
    this.readPage = db.transaction((query: TransactionQuery, outerTransaction: boolean) => ({
      total: this.pageTotal(query, outerTransaction),
      rows: query.limit === 0 ? [] : this.statements.all<TransactionRow>(this.queries.listPage(query)).map(toTransactionRecord),
    }));
    // The same snapshot rule, with each row's JSON stored beside it (migration 0006): only
    // strings reach JS, one per row under the page's own ORDER BY (listStoredJsonPage), joined
    // here. Not one group_concat() for the page: SQLite promises an aggregate's order only with
    // ORDER BY inside it, which sorts again, while the outer ORDER BY is met by the subquery's.
    this.readJsonPage = db.transaction((query: TransactionQuery, outerTransaction: boolean) => {
      const total = this.pageTotal(query, outerTransaction);
      const rows = query.limit === 0 ? [] : this.statements.column<string>(listStoredJsonPage(this.queries, query));
      return { total, count: rows.length, json: transactionsJsonArray(rows) };
    });
  }

  page(query: TransactionQuery): TransactionPage {
    return this.readPage(query, this.db.inTransaction);
  }

  jsonPage(query: TransactionQuery): TransactionPageJson {
    return this.readJsonPage(query, this.db.inTransaction);
  }

  /** The review inbox's parts: one statement, so one snapshot. */
  inboxParts(): InboxPart[] {
    return this.statements.all<InboxRow>(this.inbox.parts()).map(toInboxPart);
  }

  /** A report's parts: one statement, so one snapshot. */
  reportParts(filter: TransactionFilter, grouping: ReportGrouping): ReportPart[] {
    return this.statements.all<ReportRow>(this.reports.report(filter, grouping)).map(toReportPart);
  }

  /** Call first inside a page's read transaction (see CountCache.total). */
  private pageTotal(query: TransactionQuery, outerTransaction: boolean): number {
    return this.counts.total(query, !outerTransaction, () => toCount(this.statements.first<CountRow>(this.queries.countMatching(query))));
  }
}
