/**
 * The dates of a balance history (issue 23; docs/accounts.md "Balance history"): one point at the
 * end of each day, week (Monday to Sunday) or calendar month from `from` to `to`, the last point
 * on `to` itself. Dates are YYYY-MM-DD, computed in UTC so no time zone moves a day.
 */
export type BalanceInterval = 'day' | 'week' | 'month';

/** The most points one history may have (the contract's limit; a 400 naming `interval` beyond). */
export const BALANCE_POINT_LIMIT = 3660;

const DAY_MS = 24 * 60 * 60 * 1000;

function parse(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Date.UTC without its reading of years 0 to 99 as 1900 to 1999; months and days may overflow. */
function utc(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

/** The last day of the period that holds `ms`. */
function periodEnd(ms: number, interval: BalanceInterval): number {
  if (interval === 'day') return ms;
  const day = new Date(ms);
  if (interval === 'week') return ms + ((7 - day.getUTCDay()) % 7) * DAY_MS;
  return utc(day.getUTCFullYear(), day.getUTCMonth() + 1, 0);
}

/**
 * The points' dates, oldest first; undefined when there would be more than `limit` (so a caller
 * refuses the request before any work). `from` must not be after `to`.
 */
export function balancePointDates(from: string, to: string, interval: BalanceInterval, limit = BALANCE_POINT_LIMIT): string[] | undefined {
  const last = parse(to);
  const dates: string[] = [];
  for (let start = parse(from); start <= last; ) {
    const end = Math.min(periodEnd(start, interval), last);
    if (dates.length === limit) return undefined;
    dates.push(format(end));
    start = end + DAY_MS;
  }
  return dates;
}

/** The default range: the 12 calendar months that end with `today`'s (from the first of the eleventh month before it). */
export function defaultBalanceRange(today: string): { from: string; to: string } {
  const day = new Date(parse(today));
  // Never before year 0, the first a date can name.
  return { from: format(Math.max(utc(day.getUTCFullYear(), day.getUTCMonth() - 11, 1), utc(0, 0, 1))), to: today };
}
