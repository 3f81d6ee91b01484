import { sql, type AliasableExpression, type Compilable, type CompiledQuery, type Insertable, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { SortKey } from '../../domain/sort.js';
import type { Bank, Category, NewTransaction, TransactionId, TransactionQuery, TransactionRecord, TransactionStatus } from '../../domain/transaction.js';
import { foldForSearch } from '../../domain/text.js';
import { hasRangeFilter, type TransactionFilter } from '../../domain/transaction-filter.js';
import { compileOnce } from '../engine/compile-once.js';
import { CompiledByQuery } from '../engine/compiled-by-query.js';
import { categoryCondition, whereFilter } from './filter-conditions.js';
import { DATE_KEYSET_OFFSET, dateKeyset, dateKeysetAnswers, dateOrderOf } from './date-keyset.js';
import type { DialectQuirks, TrigramSearch } from '../engine/dialect-quirks.js';
import { totalsAnswer, totalsCount } from './report-totals.js';
import type { Database } from '../engine/schema.js';

export interface TransactionRow {
  id: number;
  date: string;
  description: string;
  value: number;
  category: string | null;
  bank_id: string | null;
  category_source: string | null;
  account_id: number | null;
  status: string | null;
  /** 1 while split (migration 0020), else null; absent from statements that do not select it. */
  split?: number | null;
}

/** A row of listPageWithTotal: the page's columns, NULL throughout when the page is empty. */
export type PageRowWithTotal = { total: CountRow['n'] } & { [K in keyof TransactionRow]: TransactionRow[K] | null };

/** A row of pageInSnapshot: the snapshot's id, the total if asked for (else NULL), and the page's columns (absent for limit 0). */
export type SnapshotPageRow = { snapshot: string; total: CountRow['n'] | null } & Partial<{ [K in keyof TransactionRow]: TransactionRow[K] | null }>;

export interface BankRow {
  id: string;
  name: string;
  aggregator_id: string | null;
}

export interface CategoryRow {
  name: string;
  group_name: string | null;
}

export interface CountRow {
  n: number | string | bigint;
}

export const TRANSACTION_COLUMNS = ['id', 'date', 'description', 'value', 'category', 'bank_id', 'category_source', 'account_id', 'status', 'split'] as const;
const TRANSACTION_COLUMNS_WITH_JSON = [...TRANSACTION_COLUMNS, 'row_json'] as const;
type TransactionColumn = (typeof TRANSACTION_COLUMNS_WITH_JSON)[number];

type TransactionSelect = SelectQueryBuilder<Database, 'transactions', object>;

/** The number of matching transactions, as a statement or a subquery. */
type CountSelect = AliasableExpression<{ n: number }> & Compilable<{ n: number }>;

/** A page of transaction rows, whichever shape listPage chose: compiled alone, or nested. */
type PageSelect = AliasableExpression<TransactionRow> & Compilable<TransactionRow>;

/**
 * Every statement the stores run, built once with the typed query builder. An engine supplies
 * its dialect (through the Kysely instance) and its quirks; it never writes SQL of its own for
 * these operations.
 */
export class Queries {
  /** The list's statements, compiled once per query value (see CompiledByQuery). */
  private readonly compiled = new CompiledByQuery();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  listPage(query: TransactionQuery): CompiledQuery<TransactionRow> {
    return this.compiled.get('listPage', query, () => this.pageSelect(query).compile());
  }

  /** SQLite: the page's rows as their stored JSON (row_json, migration 0006), through listPageAs. */
  storedJsonPage(query: TransactionQuery): CompiledQuery<{ row: string }> {
    return this.compiled.get('storedJsonPage', query, () => this.listPageAs(query, sql<string>`row_json`, { rowJson: true }));
  }

  /**
   * The rows of listPage, each turned into `row`: SQL over the page's columns (id, date,
   * description, value, category, bank_id). The page is a subquery, so `row` is computed for the
   * page's rows only, never for rows that a sort or an offset passes over. SQL orders a result
   * by its own ORDER BY alone, so the page's order is stated again outside; SQLite sees that the
   * subquery already delivers that order and adds no sort (EXPLAIN QUERY PLAN, checked for every
   * page shape in test/store/json-page.test.ts). With `rowJson` (SQLite, migration 0006) the
   * page's columns include row_json.
   */
  listPageAs<T>(query: TransactionQuery, row: RawBuilder<T>, options: { rowJson?: boolean } = {}): CompiledQuery<{ row: T }> {
    const page = this.pageSelect(query, options.rowJson);
    let builder = this.db.selectFrom(page.as('page')).select(row.as('row'));
    for (const key of pageOrder(query)) builder = builder.orderBy(orderExpression(key));
    return builder.compile();
  }

  /** The page's rows: the API's columns, and with `rowJson` (SQLite) each row's stored JSON too. */
  private pageSelect(query: TransactionQuery, rowJson = false): PageSelect {
    const columns = rowJson ? TRANSACTION_COLUMNS_WITH_JSON : TRANSACTION_COLUMNS;
    const idDescending = idOrderOf(query);
    if (idDescending !== undefined && query.descriptionContains) {
      const search = this.quirks.trigramSearch?.(query.descriptionContains, { fts: 'f', table: 't' });
      if (search) return this.trigramSearchPage(query, search, idDescending, columns);
    }
    if (idDescending !== undefined && query.offset >= KEYSET_OFFSET && !query.descriptionContains) return this.deepIdPage(query, idDescending, columns);
    if (idDescending !== undefined && (query.from !== undefined || query.to !== undefined) && !query.descriptionContains) return this.idsFirstPage(query, idDescending, columns);
    const dateDescending = dateOrderOf(query.sort);
    if (dateDescending !== undefined && query.offset >= DATE_KEYSET_OFFSET && dateKeysetAnswers(query)) return this.deepDatePage(query, dateDescending, columns);
    let builder = this.filtered(query).select(columns);
    for (const key of pageOrder(query)) builder = builder.orderBy(orderExpression(key));
    return builder.limit(query.limit).offset(query.offset);
  }

  /**
   * A search page in id order, read by walking the trigram index in rowid (= id) order: it stops
   * after `limit` matches instead of collecting every match and sorting them. Rows newer than
   * the index (ids above its watermark) are scanned with the re-check alone; SQLite merges the
   * two id-ordered arms, so the page still stops early.
   */
  private trigramSearchPage(query: TransactionQuery, search: TrigramSearch, descending: boolean, columns: readonly TransactionColumn[]): PageSelect {
    const others = columns.filter((column) => column !== 'id').map((column) => `t.${column}` as const);
    let indexed = this.db
      .selectFrom('transactions_fts as f')
      .innerJoin('transactions as t', 't.id', 'f.rowid')
      // f.rowid, not t.id: the same value, but only the index's own rowid order lets SQLite
      // deliver this arm already sorted (t.id would add a sort of every match).
      .select(['f.rowid as id', ...others])
      .where(search.match)
      .where('f.rowid', '<=', search.indexedThrough)
      .where(search.recheck);
    let recent = this.db
      .selectFrom('transactions as t')
      .select(['t.id', ...others])
      .where('t.id', '>', search.indexedThrough)
      .where(search.recheck);
    if (query.category !== undefined) {
      indexed = indexed.where(categoryCondition(query.category, this.quirks, 't'));
      recent = recent.where(categoryCondition(query.category, this.quirks, 't'));
    }
    if (query.bank !== undefined) {
      indexed = indexed.where('t.bank_id', '=', query.bank);
      recent = recent.where('t.bank_id', '=', query.bank);
    }
    if (query.account !== undefined) {
      indexed = indexed.where('t.account_id', '=', query.account);
      recent = recent.where('t.account_id', '=', query.account);
    }
    for (const [column, operator, bound] of rangeConditions(query)) {
      indexed = indexed.where(sql.ref(`t.${column}`), operator, bound);
      recent = recent.where(sql.ref(`t.${column}`), operator, bound);
    }
    return indexed
      .unionAll(recent)
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(query.limit)
      .offset(query.offset);
  }

  /**
   * A page far into id order: the first id of the page is found by stepping over `offset` ids
   * of a narrow index (migration 0004) rather than over whole rows; the page is then read from
   * there. The same rows as LIMIT/OFFSET, in the same snapshot.
   */
  private deepIdPage(query: TransactionQuery, descending: boolean, columns: readonly TransactionColumn[]): PageSelect {
    const stepped = this.filtered(query)
      .select('id')
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(1)
      .offset(query.offset);
    // Unfiltered, with ids without gaps (no row ever deleted: max - min + 1 equals the count),
    // the page starts at min + offset (max - offset descending): nothing to step over at all.
    // The CASE evaluates the stepping only when there are gaps. Same snapshot, same answer.
    const unfiltered = query.category === undefined && query.bank === undefined && query.account === undefined && !hasRangeFilter(query);
    const start = unfiltered
      ? sql<number>`CASE WHEN (SELECT max(id) FROM transactions) - (SELECT min(id) FROM transactions) + 1 = (SELECT sum(n) FROM transaction_counts)
          THEN ${descending ? sql`(SELECT max(id) FROM transactions) - ${query.offset}` : sql`(SELECT min(id) FROM transactions) + ${query.offset}`}
          ELSE (${stepped}) END`
      : stepped;
    return this.filtered(query)
      .select(columns)
      .where('id', descending ? '<=' : '>=', start)
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(query.limit);
  }

  /**
   * A date range in id order (issue 26): the range's ids are read from the date index alone
   * (migration 0022) and only they are sorted; the page's rows are then read by id. Sorting the
   * whole rows of a month (their stored JSON with them) cost several times more.
   */
  private idsFirstPage(query: TransactionQuery, descending: boolean, columns: readonly TransactionColumn[]): PageSelect {
    const ids = this.filtered(query)
      .select('id')
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(query.limit)
      .offset(query.offset);
    return this.db
      .selectFrom('transactions')
      .select(columns)
      .where('id', 'in', ids)
      .orderBy('id', descending ? 'desc' : 'asc');
  }

  /** A page far into date order, started from the report totals (date-keyset.ts). */
  private deepDatePage(query: TransactionQuery, descending: boolean, columns: readonly TransactionColumn[]): PageSelect {
    const { startDay, skip } = dateKeyset(query, query.offset, descending);
    let builder = this.filtered(query).select(columns).where('date', descending ? '<=' : '>=', startDay);
    for (const key of pageOrder(query)) builder = builder.orderBy(orderExpression(key));
    return builder.limit(query.limit).offset(skip);
  }

  countMatching(query: TransactionQuery): CompiledQuery<CountRow> {
    return this.compiled.get('countMatching', query, () => this.countSelect(query).compile() as CompiledQuery<CountRow>);
  }

  /**
   * The total and the page in one statement, so in one snapshot without a transaction around
   * them, and in one round trip to a database server (PostgreSQL: BEGIN, the isolation level,
   * the count, the page and COMMIT were five). Every row carries the total; a page with no rows
   * is one row whose page columns are NULL (id among them, which a stored row never has).
   */
  listPageWithTotal(query: TransactionQuery): CompiledQuery<PageRowWithTotal> {
    return this.compiled.get('listPageWithTotal', query, () => this.pageWithTotal(query));
  }

  private pageWithTotal(query: TransactionQuery): CompiledQuery<PageRowWithTotal> {
    let builder = this.db
      .selectFrom(this.countSelect(query).as('c'))
      .leftJoin(this.pageSelect(query).as('p'), (join) => join.onTrue())
      .select(['c.n as total', ...TRANSACTION_COLUMNS.map((column) => `p.${column}` as const)]);
    for (const key of pageOrder(query)) builder = builder.orderBy(orderExpression(key));
    return builder.compile() as CompiledQuery<PageRowWithTotal>;
  }

  /**
   * Engines with DialectQuirks.snapshotId: the page, and the total when `withTotal`, in one
   * statement with the id of the snapshot it read in, so a total remembered under that id can be
   * served beside a later page read in the same snapshot (postgres/search-totals.ts). Always one
   * row at least: an empty page (or limit 0) is one row whose page columns are NULL (or absent).
   */
  pageInSnapshot(query: TransactionQuery, withTotal: boolean): CompiledQuery<SnapshotPageRow> {
    return this.compiled.get(withTotal ? 'pageInSnapshotWithTotal' : 'pageInSnapshot', query, () => this.snapshotPage(query, withTotal));
  }

  private snapshotPage(query: TransactionQuery, withTotal: boolean): CompiledQuery<SnapshotPageRow> {
    const snapshotId = this.quirks.snapshotId;
    if (snapshotId === undefined) throw new Error('pageInSnapshot needs an engine whose quirks name the snapshot');
    const head = this.db.selectNoFrom([snapshotId().as('snapshot'), withTotal ? this.countSelect(query).as('total') : sql<null>`NULL`.as('total')]);
    if (query.limit === 0) return head.compile() as CompiledQuery<SnapshotPageRow>;
    let builder = this.db
      .selectFrom(head.as('s'))
      .leftJoin(this.pageSelect(query).as('p'), (join) => join.onTrue())
      .select(['s.snapshot', 's.total', ...TRANSACTION_COLUMNS.map((column) => `p.${column}` as const)]);
    for (const key of pageOrder(query)) builder = builder.orderBy(orderExpression(key));
    return builder.compile() as CompiledQuery<SnapshotPageRow>;
  }

  private countSelect(query: TransactionFilter): CountSelect {
    const maintained = this.maintainedCount(query);
    if (!maintained || query.category === undefined) return maintained ?? this.filtered(query).select(sql<number>`count(*)`.as('n'));
    // The maintained counts know each row's own category; a split row (migration 0020) has none,
    // and counts once in each category its lines have.
    const other: TransactionFilter = { ...query, category: undefined };
    const splitIn = (lines: RawBuilder<unknown>) => this.filtered(other).where(this.quirks.amongSelected('id', lines)).select(sql<number>`count(*)`.as('n'));
    const correction = query.category === null
      ? sql`(${splitIn(sql`SELECT transaction_id FROM split_lines WHERE category IS NULL`)}) - (${splitIn(sql`SELECT transaction_id FROM split_lines`)})`
      : sql`(${splitIn(sql`SELECT transaction_id FROM split_lines WHERE category = ${query.category}`)})`;
    return this.db.selectNoFrom(sql<number>`(${maintained}) + ${correction}`.as('n'));
  }

  /** The count from the tables kept by triggers, where one answers the filter (by each row's own category). */
  private maintainedCount(query: TransactionFilter): CountSelect | undefined {
    if (countsTableAnswers(query)) {
      // The per-(category, bank) totals kept by triggers (migration 0004): a few rows to sum.
      let builder = this.db.selectFrom('transaction_counts').select(sql<number>`coalesce(sum(n), 0)`.as('n'));
      if (query.category !== undefined) builder = builder.where('category', '=', query.category ?? '');
      if (query.bank !== undefined) builder = builder.where('bank_id', '=', query.bank);
      return builder;
    }
    if (accountDaysAnswer(query)) {
      let builder = this.db.selectFrom('account_days').select(sql<number>`coalesce(sum(n), 0)`.as('n')).where('account_id', '=', query.account!);
      if (query.from !== undefined) builder = builder.where('day', '>=', query.from);
      if (query.to !== undefined) builder = builder.where('day', '<=', query.to);
      return builder;
    }
    // A date range: the report totals (migration 0008) hold counts per month and per day.
    if (totalsAnswer(query)) return totalsCount(this.db, query);
    return undefined;
  }

  findTransactionById(id: TransactionId): CompiledQuery<TransactionRow> {
    return this.transactionById({ id: idParameter(id) });
  }

  /** `tx`: the write's change token (change feed, migration 0009), as for every write below. */
  insertTransaction(input: NewTransaction, tx: number): CompiledQuery<{ id: number }> {
    return this.transactionInsert({
      date: input.date,
      description: input.description,
      description_folded: foldForSearch(input.description),
      value: input.value,
      category: input.category ?? null,
      bank_id: input.bank ?? null,
      category_source: input.category == null ? null : (input.categorySource ?? null),
      change_tx: tx,
      account_id: input.account ?? null,
      status: input.status ?? null,
    });
  }

  updateTransactionCategory(id: TransactionId, category: string | null, source: string | null, tx: number): CompiledQuery {
    return this.categoryUpdate({ id: idParameter(id), category, category_source: category === null ? null : source, change_tx: tx });
  }

  insertCategoryIfMissing(name: string, tx: number): CompiledQuery {
    return this.categoryInsertIfMissing({ name, change_tx: tx });
  }

  // The statements of every durable write and of GET by id, compiled once (compile-once.ts).
  private readonly transactionById = compileOnce(['id'], ({ id }: { id: number }) =>
    this.db.selectFrom('transactions').select(TRANSACTION_COLUMNS).where('id', '=', id).compile(),
  );

  private readonly transactionInsert = compileOnce(
    ['date', 'description', 'description_folded', 'value', 'category', 'bank_id', 'category_source', 'change_tx', 'account_id', 'status'],
    (values: Omit<Insertable<Database['transactions']>, 'id' | 'import_key' | 'import_id'> & { change_tx: number }) =>
      this.db.insertInto('transactions').values(values).returning('id').compile(),
  );

  private readonly categoryUpdate = compileOnce(
    ['id', 'category', 'category_source', 'change_tx'],
    ({ id, ...values }: { id: number; category: string | null; category_source: string | null; change_tx: number }) =>
      this.db.updateTable('transactions').set(values).where('id', '=', id).compile(),
  );

  private readonly categoryInsertIfMissing = compileOnce(['name', 'change_tx'], ({ name, change_tx }: { name: string; change_tx: number }) =>
    this.db
      .insertInto('categories')
      .values({ name, group_name: null, change_tx })
      .onConflict((oc) => oc.column('name').doNothing())
      .compile(),
  );

  upsertCategory(category: Category, tx: number): CompiledQuery {
    return this.db
      .insertInto('categories')
      .values({ name: category.name, group_name: category.group, change_tx: tx })
      .onConflict((oc) => oc.column('name').doUpdateSet({ group_name: category.group, change_tx: tx }))
      .compile();
  }

  listCategories(): CompiledQuery<CategoryRow> {
    return this.db
      .selectFrom('categories')
      .select(['name', 'group_name'])
      .orderBy(sql`group_name ASC NULLS LAST`)
      .orderBy('name', 'asc')
      .compile();
  }

  findCategory(name: string): CompiledQuery<CategoryRow> {
    return this.db.selectFrom('categories').select(['name', 'group_name']).where('name', '=', name).compile();
  }

  countInCategory(name: string): CompiledQuery<CountRow> {
    return this.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('category', '=', name)
      .compile() as CompiledQuery<CountRow>;
  }

  /** Every transaction of the category moves to `to` (null: uncategorised). */
  recategoriseAll(name: string, to: string | null, tx: number): CompiledQuery {
    // Merged rows keep how they got their category; uncategorised ones have none.
    const source = to === null ? { category_source: null } : {};
    return this.db.updateTable('transactions').set({ category: to, ...source, change_tx: tx }).where('category', '=', name).compile();
  }

  deleteCategory(name: string): CompiledQuery {
    return this.db.deleteFrom('categories').where('name', '=', name).compile();
  }

  listBanks(): CompiledQuery<BankRow> {
    return this.db.selectFrom('banks').select(['id', 'name', 'aggregator_id']).orderBy('id', 'asc').compile();
  }

  findBankById(id: string): CompiledQuery<BankRow> {
    return this.bankById({ id });
  }

  /** The account a new transaction names, if it exists (migration 0019). */
  findAccountById(id: number): CompiledQuery<{ id: number }> {
    return this.db.selectFrom('accounts').select('id').where('id', '=', id).compile();
  }

  private readonly bankById = compileOnce(['id'], ({ id }: { id: string }) =>
    this.db.selectFrom('banks').select(['id', 'name', 'aggregator_id']).where('id', '=', id).compile(),
  );

  insertBank(bank: Bank, tx: number): CompiledQuery {
    return this.db
      .insertInto('banks')
      .values({ id: bank.id, name: bank.name, aggregator_id: bank.aggregatorId, change_tx: tx })
      .onConflict((oc) => oc.column('id').doNothing())
      .compile();
  }

  countOfBank(id: string): CompiledQuery<CountRow> {
    return this.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('bank_id', '=', id)
      .compile() as CompiledQuery<CountRow>;
  }

  deleteBank(id: string): CompiledQuery {
    return this.db.deleteFrom('banks').where('id', '=', id).compile();
  }

  /** The next page of transactions by id, for scans (rules apply, suggest) that update as they go (offsets would shift). */
  transactionsAfter(afterId: number, limit: number, uncategorisedOnly: boolean): CompiledQuery<TransactionRow> {
    let builder = this.db
      .selectFrom('transactions')
      .select(TRANSACTION_COLUMNS)
      .where('id', '>', afterId);
    if (uncategorisedOnly) builder = builder.where('category', 'is', null);
    return builder.orderBy('id', 'asc').limit(limit).compile();
  }

  /** The id of the `newest`-th transaction counting from the newest (by id): where a pass over the newest rows starts. */
  newestFrom(newest: number): CompiledQuery<{ id: number }> {
    return this.db
      .selectFrom('transactions')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(Math.max(0, newest - 1))
      .compile() as CompiledQuery<{ id: number }>;
  }

  /** The transactions a filter matches, to select from (the list's pages and counts, reports). */
  filtered(query: TransactionFilter): TransactionSelect {
    return whereFilter<TransactionSelect>(this.db.selectFrom('transactions'), query, this.quirks);
  }
}

/** The filter's date and value bounds (issue 12), as column, operator and bound. */
function rangeConditions(filter: TransactionFilter): Array<['date' | 'value', '>=' | '<=', string | number]> {
  const conditions: Array<['date' | 'value', '>=' | '<=', string | number]> = [];
  if (filter.from !== undefined) conditions.push(['date', '>=', filter.from]);
  if (filter.to !== undefined) conditions.push(['date', '<=', filter.to]);
  if (filter.minValue !== undefined) conditions.push(['value', '>=', filter.minValue]);
  if (filter.maxValue !== undefined) conditions.push(['value', '<=', filter.maxValue]);
  return conditions;
}

/** Offsets from which deepIdPage is used; below, plain OFFSET is as fast. */
export const KEYSET_OFFSET = 1000;

/** true/false when the order is by id descending/ascending (ties cannot follow: ids are unique); undefined otherwise. */
function idOrderOf(query: TransactionQuery): boolean | undefined {
  const first = query.sort[0];
  if (first === undefined) return false;
  return first.field === 'id' ? first.descending : undefined;
}

/**
 * The counts table holds '' for "no category" / "no bank", so it answers exactly when no filter
 * could itself be '' (names and ids never are; this guards against a caller passing one) and
 * there is no description filter or range (issue 12's extensions), which it cannot know about.
 */
function countsTableAnswers(query: TransactionFilter): boolean {
  return (
    (query.descriptionContains === undefined || query.descriptionContains === '') &&
    query.category !== '' &&
    query.bank !== '' &&
    query.account === undefined &&
    !hasRangeFilter(query)
  );
}

/** An account and nothing else: its rows are counted per day (account_days, migration 0019). */
function accountDaysAnswer(query: TransactionFilter): boolean {
  return (
    query.account !== undefined &&
    query.category === undefined &&
    query.bank === undefined &&
    (query.descriptionContains === undefined || query.descriptionContains === '') &&
    query.minValue === undefined &&
    query.maxValue === undefined
  );
}

/**
 * The order of a page: its sort keys up to the first id key (ids are unique, so no later key
 * could ever decide), or all of them followed by id ascending, so that ties keep a stable order.
 */
function pageOrder(query: TransactionQuery): SortKey[] {
  const byId = query.sort.findIndex((key) => key.field === 'id');
  return byId === -1 ? [...query.sort, { field: 'id', descending: false }] : query.sort.slice(0, byId + 1);
}

/** Uncategorised rows sort after all others ascending and first descending (NULLS LAST/FIRST). */
function orderExpression(key: SortKey) {
  const direction = key.descending ? sql`DESC` : sql`ASC`;
  if (key.field === 'category') return sql`category ${direction} ${key.descending ? sql`NULLS FIRST` : sql`NULLS LAST`}`;
  return sql`${sql.ref(key.field)} ${direction}`;
}

/** Ids past 2^53 stay bigint; the engines compare them exactly. */
function idParameter(id: TransactionId): number {
  // The builder's column type is number; a bigint is bound as-is by both drivers.
  return id as number;
}

export function toTransactionRecord(row: TransactionRow): TransactionRecord {
  return {
    id: Number(row.id),
    date: row.date,
    description: row.description,
    value: Number(row.value),
    category: row.category,
    bank: row.bank_id,
    categorySource: row.category_source,
    account: row.account_id == null ? null : Number(row.account_id),
    // A statement that selects fewer columns leaves them undefined: none rather than NaN.
    status: (row.status ?? null) as TransactionStatus | null,
    split: row.split == null ? null : true,
  };
}

/** The record of a row just inserted, from its RETURNING id and what was inserted. */
export function createdRecord(inserted: { id: number } | undefined, input: NewTransaction): TransactionRecord {
  if (!inserted) throw new Error('INSERT ... RETURNING gave no row');
  return {
    id: Number(inserted.id),
    date: input.date,
    description: input.description,
    value: input.value,
    category: input.category ?? null,
    bank: input.bank ?? null,
    categorySource: input.categorySource ?? null,
    account: input.account ?? null,
    status: input.status ?? null,
    split: null,
  };
}

export function toBank(row: BankRow): Bank {
  return { id: row.id, name: row.name, aggregatorId: row.aggregator_id };
}

export function toCategory(row: CategoryRow): Category {
  return { name: row.name, group: row.group_name };
}

/** A row of listPageWithTotal or pageInSnapshot that holds a transaction (not the all-NULL row of an empty page). */
export function isPageRow<Row extends Partial<{ id: number | null }>>(row: Row): row is Row & TransactionRow {
  return row.id !== null && row.id !== undefined;
}

export function toCount(row: CountRow | undefined): number {
  return row === undefined ? 0 : Number(row.n);
}
