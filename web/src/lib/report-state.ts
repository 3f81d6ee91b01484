import { EMPTY_STATE, writeState } from './url-state.js';

export type ReportPeriod = 'month' | 'quarter' | 'year';
export const PERIODS: readonly ReportPeriod[] = ['month', 'quarter', 'year'];

/** What the reports screen shows, all of it in the URL (`/app/reports?from=2024-01-01&bank=ING&period=quarter`). */
export interface ReportState {
  from: string | null;
  to: string | null;
  bank: string | null;
  /** A category name, '' for uncategorised, null for all: one category's trend. */
  category: string | null;
  period: ReportPeriod;
}

export const EMPTY_REPORT: ReportState = { from: null, to: null, bank: null, category: null, period: 'month' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (text: string | null) => (text !== null && ISO_DATE.test(text) ? text : null);

/** Reads the state from a query string; junk is dropped. */
export function readReportState(search: string): ReportState {
  const params = new URLSearchParams(search);
  const period = params.get('period');
  return {
    from: date(params.get('from')),
    to: date(params.get('to')),
    bank: params.get('bank') || null,
    category: params.get('category'),
    period: PERIODS.includes(period as ReportPeriod) ? (period as ReportPeriod) : 'month',
  };
}

/** The query string for a state; readReportState(writeReportState(s)) gives s back. */
export function writeReportState(state: ReportState): string {
  const params = new URLSearchParams();
  if (state.from !== null) params.set('from', state.from);
  if (state.to !== null) params.set('to', state.to);
  if (state.bank !== null) params.set('bank', state.bank);
  if (state.category !== null) params.set('category', state.category);
  if (state.period !== 'month') params.set('period', state.period);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The filter every report is asked for (the same as GET /transactions takes). */
export function reportFilter(state: ReportState): { from?: string; to?: string; bank?: string; category?: string } {
  return {
    ...(state.from !== null && { from: state.from }),
    ...(state.to !== null && { to: state.to }),
    ...(state.bank !== null && { bank: state.bank }),
    ...(state.category !== null && { category: state.category }),
  };
}

/** The register, filtered to what a bar shows: the report's filter narrowed by a category and/or a period. */
export function registerLink(state: ReportState, narrow: { category?: string | null; start?: string; end?: string }): string {
  const from = narrow.start !== undefined && (state.from === null || narrow.start > state.from) ? narrow.start : state.from;
  const to = narrow.end !== undefined && (state.to === null || narrow.end < state.to) ? narrow.end : state.to;
  const category = narrow.category !== undefined ? narrow.category : state.category;
  return `/app/${writeState({ ...EMPTY_STATE, from, to, bank: state.bank, category })}`;
}

export type RangePreset = 'this-month' | 'last-month' | 'last-3-months' | 'last-12-months' | 'year-to-date' | 'all';

const iso = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** A preset's range, counted from `today` (YYYY-MM-DD); whole months, ending today. */
export function presetRange(preset: RangePreset, today: string): { from: string | null; to: string | null } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  switch (preset) {
    case 'this-month':
      return { from: iso(year, month, 1), to: today };
    case 'last-month':
      return { from: iso(year, month - 1, 1), to: iso(year, month, 0) };
    case 'last-3-months':
      return { from: iso(year, month - 2, 1), to: today };
    case 'last-12-months':
      return { from: iso(year, month - 11, 1), to: today };
    case 'year-to-date':
      return { from: iso(year, 0, 1), to: today };
    case 'all':
      return { from: null, to: null };
  }
}

/** The preset a range is, or 'custom'. */
export function presetOf(range: { from: string | null; to: string | null }, today: string): RangePreset | 'custom' {
  const presets: RangePreset[] = ['all', 'this-month', 'last-month', 'last-3-months', 'last-12-months', 'year-to-date'];
  return presets.find((preset) => {
    const at = presetRange(preset, today);
    return at.from === range.from && at.to === range.to;
  }) ?? 'custom';
}

/**
 * One colour slot (0–7) per group, the same on every chart: the groups in name order take the
 * slots in turn (so up to eight never share one); no group gets slot 8, its own grey.
 */
export function groupSlots(groups: ReadonlyArray<string | undefined>): (group: string | undefined) => number {
  const names = [...new Set(groups.filter((group): group is string => group !== undefined))].sort();
  return (group) => (group === undefined || !names.includes(group) ? 8 : names.indexOf(group) % 8);
}
