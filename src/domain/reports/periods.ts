import { daysInMonth } from '../dates.js';

/** How a report splits time: calendar months, quarters, years, or the whole range at once. */
export type ReportPeriod = 'month' | 'quarter' | 'year' | 'all';

export const REPORT_PERIODS: readonly ReportPeriod[] = ['month', 'quarter', 'year', 'all'];

/**
 * The period a month ('YYYY-MM') falls in: '2024-03' by month, '2024-Q1' by quarter, '2024' by
 * year, 'all' for the whole range. These keys sort in time order as plain strings.
 */
export function periodOfMonth(month: string, period: ReportPeriod): string {
  switch (period) {
    case 'month':
      return month;
    case 'quarter':
      return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
    case 'year':
      return month.slice(0, 4);
    case 'all':
      return 'all';
  }
}

/** The first and last day (YYYY-MM-DD) of a period key of periodOfMonth; undefined for 'all'. */
export function periodBounds(key: string): { start: string; end: string } | undefined {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) {
    const first = (Number(quarter[2]) - 1) * 3 + 1;
    return { start: `${quarter[1]}-${pad(first)}-01`, end: lastDayOf(`${quarter[1]}-${pad(first + 2)}`) };
  }
  if (/^\d{4}-\d{2}$/.test(key)) return { start: `${key}-01`, end: lastDayOf(key) };
  if (/^\d{4}$/.test(key)) return { start: `${key}-01-01`, end: `${key}-12-31` };
  return undefined;
}

/**
 * A date range cut along month boundaries, so that whole months can be read from monthly totals
 * and only the days of a partial month at either end from daily ones. `months` is inclusive
 * ('YYYY-MM'; an open end is unbounded), absent when no whole month is inside; `days` are
 * inclusive day ranges, at most two. Together they cover [from, to] exactly, each day once.
 */
export interface MonthCut {
  months?: { from?: string; to?: string };
  days: Array<{ from: string; to: string }>;
}

export function cutAtMonths(from: string | undefined, to: string | undefined): MonthCut {
  let firstMonth = from === undefined ? undefined : from.slice(0, 7);
  let lastMonth = to === undefined ? undefined : to.slice(0, 7);
  const days: MonthCut['days'] = [];
  if (from !== undefined && to !== undefined && firstMonth === lastMonth && !(isFirstDay(from) && to === lastDayOf(firstMonth!))) {
    return { days: [{ from, to }] };
  }
  if (from !== undefined && !isFirstDay(from)) {
    days.push({ from, to: lastDayOf(firstMonth!) });
    firstMonth = nextMonth(firstMonth!);
  }
  if (to !== undefined && to !== lastDayOf(lastMonth!)) {
    days.push({ from: `${lastMonth!}-01`, to });
    lastMonth = previousMonth(lastMonth!);
  }
  const empty = firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth;
  return empty ? { days } : { months: { from: firstMonth, to: lastMonth }, days };
}

function isFirstDay(date: string): boolean {
  return date.endsWith('-01');
}

function lastDayOf(month: string): string {
  return `${month}-${pad(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7))))}`;
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return number === 12 ? `${yearText(year + 1)}-01` : `${month.slice(0, 4)}-${pad(number + 1)}`;
}

function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return number === 1 ? `${yearText(year - 1)}-12` : `${month.slice(0, 4)}-${pad(number - 1)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function yearText(year: number): string {
  return String(year).padStart(4, '0');
}
