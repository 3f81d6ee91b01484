import { payeeOf } from './payees.js';
import { periodBounds, periodOfMonth, type ReportPeriod } from './periods.js';
import { TotalsAccumulator, TotalsByKey, type ReportPart, type Totals } from './report-parts.js';

/**
 * The four reports, made from a store's report parts (ReportsRepository.parts). Optional names
 * are left out rather than null, as in the contract: no `category` is uncategorised, no `group`
 * is a category without one.
 */

export interface PeriodKey {
  /** periodOfMonth's key: '2024-03', '2024-Q1', '2024' or 'all'. */
  period: string;
  /** The period's first and last day; absent for 'all'. */
  start?: string;
  end?: string;
}

export interface CategoryTotals extends Totals {
  category?: string;
  group?: string;
}

export interface GroupTotals extends Totals {
  group?: string;
}

export interface CategoryReport {
  period: ReportPeriod;
  periods: Array<PeriodKey & { categories: CategoryTotals[]; groups: GroupTotals[] }>;
}

export interface CashflowReport {
  period: ReportPeriod;
  periods: Array<PeriodKey & Totals>;
}

export interface PayeeTotals extends Totals {
  payee: string;
}

export interface PayeeReport {
  payees: PayeeTotals[];
}

export function totalsReport(parts: readonly ReportPart[]): Totals {
  const totals = new TotalsAccumulator();
  for (const part of parts) totals.add(part);
  return totals.totals();
}

export function cashflowReport(parts: readonly ReportPart[], period: ReportPeriod): CashflowReport {
  const byPeriod = new TotalsByKey<string>((key) => key);
  for (const part of parts) byPeriod.add(periodOf(part, period), part);
  const periods = byPeriod
    .entries()
    .filter(({ totals }) => totals.transactions > 0)
    .sort((a, b) => compareText(a.key, b.key))
    .map(({ key, totals }) => ({ ...periodKey(key), ...totals.totals() }));
  return { period, periods };
}

export function categoryReport(parts: readonly ReportPart[], period: ReportPeriod): CategoryReport {
  const byPeriod = new Map<string, TotalsByKey<{ category: string | null; group: string | null }>>();
  for (const part of parts) {
    const key = periodOf(part, period);
    let categories = byPeriod.get(key);
    // A category has one group in a snapshot: its name is key enough ('' cannot be a name).
    if (!categories) byPeriod.set(key, (categories = new TotalsByKey((category) => category.category ?? '')));
    categories.add({ category: part.category, group: part.category === null ? null : part.group }, part);
  }
  const periods = [...byPeriod]
    .sort(([a], [b]) => compareText(a, b))
    .map(([key, categories]) => {
      const used = categories
        .entries()
        .filter(({ totals }) => totals.transactions > 0)
        .sort((a, b) => compareNames(a.key.category, b.key.category));
      // '' cannot be a group's name: it stands for none.
      const groups = new TotalsByKey<string | null>((group) => group ?? '');
      for (const { key: category, totals } of used) groups.get(category.group).addAll(totals);
      return {
        ...periodKey(key),
        categories: used.map(({ key: category, totals }) => withTotals(named(named({}, 'category', category.category), 'group', category.group), totals)),
        groups: groups
          .entries()
          .sort((a, b) => compareNames(a.key, b.key))
          .map(({ key: group, totals }) => withTotals(named({}, 'group', group), totals)),
      };
    })
    .filter((entry) => entry.categories.length > 0);
  return { period, periods };
}

/** The largest counterparties: by money moved (income minus expenses), then by name. */
export function payeeReport(parts: readonly ReportPart[], limit: number): PayeeReport {
  const byPayee = new TotalsByKey<string>((payee) => payee);
  for (const part of parts) byPayee.add(payeeOf(part.descriptionFolded ?? ''), part);
  const payees = byPayee
    .entries()
    .filter(({ totals }) => totals.transactions > 0)
    .map(({ key, totals }) => ({ payee: key, ...totals.totals() }))
    .sort((a, b) => b.income - b.expenses - (a.income - a.expenses) || compareText(a.payee, b.payee));
  return { payees: payees.slice(0, limit) };
}

function periodOf(part: ReportPart, period: ReportPeriod): string {
  return period === 'all' || part.month === null ? 'all' : periodOfMonth(part.month, period);
}

function periodKey(key: string): PeriodKey {
  const bounds = periodBounds(key);
  return bounds ? { period: key, start: bounds.start, end: bounds.end } : { period: key };
}

/**
 * `entry` with the name set under `key`, or without it for none. Built property by property, in
 * the order the answers list them (JSON.stringify keeps it): spreading objects with computed keys
 * cost most of a five-year report's adding up (~3 ms for 1,250 categories).
 */
function named<E extends object, K extends string>(entry: E, key: K, name: string | null): E & { [P in K]?: string } {
  if (name !== null) (entry as Record<string, unknown>)[key] = name;
  return entry as E & { [P in K]?: string };
}

function withTotals<E extends object>(entry: E, totals: TotalsAccumulator): E & Totals {
  const { count, income, expenses, net } = totals.totals();
  return Object.assign(entry, { count, income, expenses, net });
}

/** By code point, as the list sorts text; none last. */
function compareNames(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compareText(a, b);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
