import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ReportGrouping, ReportPart } from '../../domain/reports/report-parts.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import { ODD_VALUE_SQL } from '../engine/sql-terms.js';
import type { Queries } from '../transactions/transactions-queries.js';
import { totalsAnswer, totalsArms } from '../transactions/report-totals.js';
import { IN_CONFIRMED_TRANSFER, NOT_IN_CONFIRMED_TRANSFER } from '../transfers/transfer-rows-sql.js';
import type { Database } from '../engine/schema.js';

/** One row of a report statement: a ReportPart (domain/reports/report-parts.ts) in columns. */
export interface ReportRow {
  /** 'YYYY-MM' when grouped by month, else null. */
  month: string | null;
  /** The category when grouped by it; null also for uncategorised. */
  category: string | null;
  /** The category's group (same snapshot); null when none or not grouped by category. */
  group_name: string | null;
  description_folded: string | null;
  n: string | number;
  income: string | number;
  expenses: string | number;
  value: number | null;
}

/**
 * The one statement behind every report, so its parts come from one snapshot on both engines:
 * the report totals (migration 0008) when they can answer the filter, a scan of the matching
 * transactions otherwise, and in both cases the matching values that are not whole cents
 * (found through the partial index transactions_odd_values), joined to the category groups.
 */
export class ReportQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
    private readonly transactions: Queries,
  ) {}

  report(filter: TransactionFilter, grouping: ReportGrouping): CompiledQuery<ReportRow> {
    const arms = grouping.description || !totalsAnswer(filter) ? [this.scanArm(filter, grouping)] : [...this.totalsArms(filter, grouping), this.transfersArm(filter, grouping)];
    const odd = this.oddValuesArm(filter, grouping);
    // The split arms select the same columns (a ReportRow) from other tables; Kysely types a
    // union by its first arm's tables only.
    const splits = this.splitArms(filter, grouping) as unknown as Array<typeof odd>;
    const union = [...arms, odd, ...splits].reduce((all, next) => all.unionAll(next));
    return this.db
      .selectFrom(union.as('r'))
      .leftJoin('categories as g', 'g.name', 'r.category')
      .select(['r.month', 'r.category', 'g.group_name', 'r.description_folded', 'r.n', 'r.income', 'r.expenses', 'r.value'])
      .compile() as CompiledQuery<ReportRow>;
  }

  private totalsArms(filter: TransactionFilter, grouping: ReportGrouping) {
    return totalsArms(this.db, filter).map(({ from, month }) => {
      // Grouped by the stored category, in the primary key's order (no sort); '' becomes NULL outside.
      const keys = {
        month: grouping.month ? month : NO_TEXT,
        category: grouping.category ? sql<string | null>`category` : NO_TEXT,
      };
      const builder = from.select([
        keys.month.as('month'),
        (grouping.category ? sql<string | null>`NULLIF(category, '')` : NO_TEXT).as('category'),
        NO_TEXT.as('description_folded'),
        sql<string>`CAST(coalesce(sum(n), 0) AS TEXT)`.as('n'),
        sql<string>`CAST(coalesce(sum(income), 0) AS TEXT)`.as('income'),
        sql<string>`CAST(coalesce(sum(expenses), 0) AS TEXT)`.as('expenses'),
        NO_NUMBER.as('value'),
      ]);
      return groupedBy(builder, grouping.month ? [keys.month] : [], grouping.category ? [keys.category] : []);
    });
  }

  private scanArm(filter: TransactionFilter, grouping: ReportGrouping) {
    const keys = this.scanKeys(grouping);
    const cents = this.quirks.cents;
    const builder = this.ownCategoryRows(filter).where(NOT_IN_CONFIRMED_TRANSFER).select([
      keys.month.as('month'),
      keys.category.as('category'),
      keys.description.as('description_folded'),
      sql<string>`CAST(count(*) AS TEXT)`.as('n'),
      sql<string>`CAST(coalesce(sum(CASE WHEN value > 0 THEN ${cents} END), 0) AS TEXT)`.as('income'),
      sql<string>`CAST(coalesce(sum(CASE WHEN value < 0 THEN ${cents} END), 0) AS TEXT)`.as('expenses'),
      NO_NUMBER.as('value'),
    ]);
    const grouped = [grouping.month, grouping.category, grouping.description];
    return groupedBy(builder, [keys.month, keys.category, keys.description].filter((_key, index) => grouped[index]));
  }

  /**
   * The rows of confirmed transfers the totals counted, taken back out (migration 0021): read
   * through the transfers table, so it costs as many rows as there are transfers, not transactions.
   * Their values that are not whole cents count 0 in the totals and here alike.
   */
  private transfersArm(filter: TransactionFilter, grouping: ReportGrouping) {
    const keys = this.scanKeys(grouping);
    const cents = this.quirks.cents;
    // As the totals hold them: by the rows' own category (a split row's lines are the split arms').
    const builder = this.ownCategoryRows(filter)
      .where(IN_CONFIRMED_TRANSFER)
      .select([
        keys.month.as('month'),
        keys.category.as('category'),
        NO_TEXT.as('description_folded'),
        sql<string>`CAST(-count(*) AS TEXT)`.as('n'),
        sql<string>`CAST(-coalesce(sum(CASE WHEN value > 0 THEN ${cents} END), 0) AS TEXT)`.as('income'),
        sql<string>`CAST(-coalesce(sum(CASE WHEN value < 0 THEN ${cents} END), 0) AS TEXT)`.as('expenses'),
        NO_NUMBER.as('value'),
      ]);
    const grouped = [grouping.month, grouping.category];
    return groupedBy(builder, [keys.month, keys.category].filter((_key, index) => grouped[index]));
  }

  private oddValuesArm(filter: TransactionFilter, grouping: ReportGrouping) {
    const keys = this.scanKeys(grouping);
    return (
      this.ownCategoryRows(filter)
        .where(sql.raw<SqlBool>(ODD_VALUE_SQL))
        // Always true (dates are YYYY-MM-DD), but a range on the partial index's key makes
        // SQLite walk that (nearly empty) index rather than, say, all rows of a category
        // (measured at 100,000 rows: 65 ms -> 0.04 ms for category=Groceries).
        .where('date', '>', '')
        .where(NOT_IN_CONFIRMED_TRANSFER)
      .select([
        keys.month.as('month'),
        keys.category.as('category'),
        keys.description.as('description_folded'),
        sql<string>`'0'`.as('n'),
        sql<string>`'0'`.as('income'),
        sql<string>`'0'`.as('expenses'),
        sql<number | null>`value`.as('value'),
      ])
    );
  }

  /**
   * The rows the filter matches by their own category, as the maintained totals hold them (the
   * list's filter also finds a split row by its lines' categories: filter-conditions.ts).
   */
  private ownCategoryRows(filter: TransactionFilter) {
    const rows = this.transactions.filtered({ ...filter, category: undefined });
    if (filter.category === undefined) return rows;
    return filter.category === null ? rows.where('category', 'is', null) : rows.where('category', '=', filter.category);
  }

  /**
   * What split transactions (migration 0020) change in a report whose other arms hold them by
   * their own category (none): their values are taken out again, and their lines, whole
   * hundredths each, are added under the lines' categories. Counts: a split row counts once in
   * each category its lines have, so only where categories are told apart (grouped, or filtered,
   * by category); else it is already counted once, and these arms add no count. Read through
   * split_lines (only split rows have lines), never a scan of the transactions.
   */
  private splitArms(filter: TransactionFilter, grouping: ReportGrouping) {
    const counted = grouping.category || filter.category !== undefined;
    const month = grouping.month ? sql<string | null>`substr(t.date, 1, 7)` : NO_TEXT;
    const description = grouping.description ? sql<string | null>`t.description_folded` : NO_TEXT;
    const parents = this.transactions
      .filtered({ ...filter, category: undefined })
      .where(this.quirks.amongSelected('id', sql`SELECT transaction_id FROM split_lines`))
      // A confirmed transfer counts nowhere, split or not.
      .where(NOT_IN_CONFIRMED_TRANSFER)
      .select(['id', 'date', 'description_folded', 'value', 'category']);
    const cents = this.quirks.cents;
    // Their own values out.
    const withdrawn = this.db
      .selectFrom(parents.as('t'))
      .select([
        month.as('month'),
        (grouping.category ? sql<string | null>`t.category` : NO_TEXT).as('category'),
        description.as('description_folded'),
        sql<string>`CAST(${counted ? sql`-count(*)` : sql`0`} AS TEXT)`.as('n'),
        sql<string>`CAST(-coalesce(sum(CASE WHEN t.value > 0 THEN ${cents} END), 0) AS TEXT)`.as('income'),
        sql<string>`CAST(-coalesce(sum(CASE WHEN t.value < 0 THEN ${cents} END), 0) AS TEXT)`.as('expenses'),
        NO_NUMBER.as('value'),
      ]);
    let lines = this.db.selectFrom(parents.as('t')).innerJoin('split_lines as s', 's.transaction_id', 't.id');
    if (filter.category === null) lines = lines.where('s.category', 'is', null);
    else if (filter.category !== undefined) lines = lines.where('s.category', '=', filter.category);
    const lineCategory = grouping.category ? sql<string | null>`s.category` : NO_TEXT;
    const added = lines.select([
      month.as('month'),
      lineCategory.as('category'),
      description.as('description_folded'),
      sql<string>`CAST(${counted ? sql`count(DISTINCT t.id)` : sql`0`} AS TEXT)`.as('n'),
      sql<string>`CAST(coalesce(sum(CASE WHEN s.amount_cents > 0 THEN s.amount_cents END), 0) AS TEXT)`.as('income'),
      sql<string>`CAST(coalesce(sum(CASE WHEN s.amount_cents < 0 THEN s.amount_cents END), 0) AS TEXT)`.as('expenses'),
      NO_NUMBER.as('value'),
    ]);
    const keys = (category: RawBuilder<string | null>) => [month, category, description].filter((_key, index) => [grouping.month, grouping.category, grouping.description][index]);
    const linesAdded = groupedBy(added, keys(lineCategory));
    // A split row's own category is always none: a filter by a category never held it there.
    return filter.category == null ? [groupedBy(withdrawn, keys(sql<string | null>`t.category`)), linesAdded] : [linesAdded];
  }

  private scanKeys(grouping: ReportGrouping) {
    return {
      month: grouping.month ? sql<string | null>`substr(date, 1, 7)` : NO_TEXT,
      category: grouping.category ? sql<string | null>`category` : NO_TEXT,
      description: grouping.description ? sql<string | null>`description_folded` : NO_TEXT,
    };
  }
}

const NO_TEXT = sql<string | null>`CAST(NULL AS TEXT)`;
const NO_NUMBER = sql<number | null>`CAST(NULL AS DOUBLE PRECISION)`;

/** The builder grouped by the given key expressions (none: one row for all). */
function groupedBy<B extends { groupBy(expressions: Array<RawBuilder<unknown>>): B }>(builder: B, ...keys: Array<Array<RawBuilder<string | null>>>): B {
  const all = keys.flat();
  return all.length === 0 ? builder : builder.groupBy(all);
}

export function toReportPart(row: ReportRow): ReportPart {
  return {
    month: row.month,
    category: row.category,
    group: row.group_name,
    descriptionFolded: row.description_folded,
    count: Number(row.n),
    incomeCents: String(row.income),
    expensesCents: String(row.expenses),
    value: row.value === null ? null : Number(row.value),
  };
}
