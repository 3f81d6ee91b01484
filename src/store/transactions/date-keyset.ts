import { sql, type RawBuilder } from 'kysely';
import type { SortKey } from '../../domain/sort.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import { totalsAnswer } from './report-totals.js';

/**
 * A page far into date order (issue 26: `sort=-date&offset=500000`), found from the report
 * totals (migration 0008) instead of by stepping over `offset` index entries: the month the
 * page starts in is found by a running count over report_months (60 months of 5 years), then
 * its day by a running count over that month's report_days; the page is then the rows on or
 * before that day (after it, ascending) with the few rows of the days between skipped. The
 * totals are kept in the same transaction as the rows, and the page is one statement, so the
 * answer is exactly LIMIT/OFFSET's, in the same snapshot (test/store/date-order.test.ts).
 *
 * Any sort whose first key is the date: every row of a later day (an earlier day, ascending)
 * comes before every row of the start day, whatever the later keys say.
 */

/** Offsets from which the keyset is used; below, the date index's own walk is as fast. */
export const DATE_KEYSET_OFFSET = 5000;

/** true/false when the first key is the date descending/ascending; undefined otherwise. */
export function dateOrderOf(sort: readonly SortKey[]): boolean | undefined {
  const first = sort[0];
  return first?.field === 'date' ? first.descending : undefined;
}

/**
 * The totals count exactly what the filter matches: category and bank (totalsAnswer), with no
 * date range (the totals' months would have to be cut at its ends; a range bounds the walk
 * anyway).
 */
export function dateKeysetAnswers(filter: TransactionFilter): boolean {
  return totalsAnswer(filter) && filter.from === undefined && filter.to === undefined;
}

export interface DateKeyset {
  /** The day the page starts on: rows on or before it (on or after, ascending) are read. */
  startDay: RawBuilder<string>;
  /** How many of those rows come before the page. */
  skip: RawBuilder<number>;
}

export function dateKeyset(filter: TransactionFilter, offset: number, descending: boolean): DateKeyset {
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const where = (extra?: RawBuilder<unknown>) => {
    const conditions: Array<RawBuilder<unknown>> = [sql`1 = 1`];
    if (filter.category !== undefined) conditions.push(sql`category = ${filter.category ?? ''}`);
    if (filter.bank !== undefined) conditions.push(sql`bank_id = ${filter.bank}`);
    if (extra) conditions.push(extra);
    return sql.join(conditions, sql` AND `);
  };
  // The month holding the row at `offset`, and how many rows of the months before it come first.
  const month = sql`SELECT month, through - n AS before FROM (
      SELECT month, sum(n) AS n, sum(sum(n)) OVER (ORDER BY month ${direction}) AS through
      FROM report_months WHERE ${where()} GROUP BY month) m
    WHERE through > ${offset} ORDER BY month ${direction} LIMIT 1`;
  const monthKey = sql`(SELECT month FROM (${month}) x)`;
  // Its day, and how many rows come before that day.
  const day = sql`SELECT d.day AS day, pm.before + d.through - d.n AS before
    FROM (${month}) pm, (
      SELECT day, sum(n) AS n, sum(sum(n)) OVER (ORDER BY day ${direction}) AS through
      FROM report_days WHERE ${where(sql`day >= ${monthKey} || '-01' AND day <= ${monthKey} || '-31'`)} GROUP BY day) d
    WHERE pm.before + d.through > ${offset} ORDER BY d.day ${direction} LIMIT 1`;
  return {
    startDay: sql<string>`(SELECT day FROM (${day}) s)`,
    // No such day (the offset is past the end): no start day, so no rows; skip 0.
    skip: sql<number>`coalesce((SELECT CAST(${offset} - before AS BIGINT) FROM (${day}) s), 0)`,
  };
}
