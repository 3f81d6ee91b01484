import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { cutAtMonths } from '../../domain/reports/periods.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { Database } from '../engine/schema.js';

/**
 * Reading the report totals tables (migration 0008): which filters they can answer, and the
 * statements over them that cover a filter's dates exactly, whole months from report_months and
 * the days of a partial month at either end from report_days (cutAtMonths).
 */

/**
 * The totals know category, bank and date; a description or a value range they cannot know.
 * '' stands for "none" in them, so a filter that could itself be '' is left to a scan (names and
 * ids never are; this guards against a caller passing one), as for transaction_counts.
 */
export function totalsAnswer(filter: TransactionFilter): boolean {
  return (
    (filter.descriptionContains === undefined || filter.descriptionContains === '') &&
    filter.minValue === undefined &&
    filter.maxValue === undefined &&
    filter.category !== '' &&
    filter.bank !== '' &&
    filter.account === undefined
  );
}

/** One totals table, filtered to the filter's category and bank and to one stretch of its keys. */
export interface TotalsArm {
  /**
   * Typed as report_months: both tables have the same columns but their key (month or day),
   * which is only ever reached through `month` below, never by name.
   */
  from: SelectQueryBuilder<Database, 'report_months', object>;
  /** The arm's month ('YYYY-MM') as SQL. */
  month: RawBuilder<string>;
}

export function totalsArms(db: Kysely<Database>, filter: TransactionFilter): TotalsArm[] {
  const cut = cutAtMonths(filter.from, filter.to);
  const arms: TotalsArm[] = [];
  if (cut.months) arms.push(arm(db, filter, 'report_months', cut.months.from, cut.months.to));
  for (const days of cut.days) arms.push(arm(db, filter, 'report_days', days.from, days.to));
  return arms;
}

function arm(db: Kysely<Database>, filter: TransactionFilter, table: 'report_months' | 'report_days', from: string | undefined, to: string | undefined): TotalsArm {
  const key = table === 'report_months' ? 'month' : 'day';
  let builder = db.selectFrom(table as 'report_months');
  if (filter.category !== undefined) builder = builder.where('category', '=', filter.category ?? '');
  if (filter.bank !== undefined) builder = builder.where('bank_id', '=', filter.bank);
  if (from !== undefined) builder = builder.where(sql.ref(key), '>=', from);
  if (to !== undefined) builder = builder.where(sql.ref(key), '<=', to);
  return { from: builder, month: table === 'report_months' ? sql<string>`month` : sql<string>`substr(day, 1, 7)` };
}

/** The number of transactions the filter matches, from the totals (see totalsAnswer). */
export function totalsCount(db: Kysely<Database>, filter: TransactionFilter) {
  const [first, ...rest] = totalsArms(db, filter).map((totals) => totals.from.select(sql<number>`sum(n)`.as('n')));
  // cutAtMonths never gives an empty cut for a valid range (from <= to); sum over no rows is NULL.
  if (!first) return db.selectNoFrom(sql<number>`0`.as('n'));
  const union = rest.reduce((all, next) => all.unionAll(next), first);
  return db.selectFrom(union.as('totals')).select(sql<number>`coalesce(sum(n), 0)`.as('n'));
}
