import { formatSort, parseSort, type SortKey } from './sort-keys.js';

/** What the register shows: its filters, its order and where it is scrolled to. */
export interface RegisterState {
  /** Description search as typed; sent once it has MIN_SEARCH letters. */
  search: string;
  /** A category name, '' for uncategorised, or null for any. */
  category: string | null;
  bank: string | null;
  sort: SortKey[];
  /** Inclusive date range, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  /** Inclusive amount range. */
  minValue: number | null;
  maxValue: number | null;
  /** Index of the first visible row. */
  row: number;
}

export const MIN_SEARCH = 2;

/**
 * The register opens newest first (issue 26; docs/web-app.md): date descending, ties by id as the
 * API breaks them. It is written into the URL like any other order (`?sort=-date`), so a link
 * says which order it shows; a URL without `sort` (or with none the API knows) opens in it.
 */
export const DEFAULT_SORT: readonly SortKey[] = [{ field: 'date', descending: true }];

export const EMPTY_STATE: RegisterState = { search: '', category: null, bank: null, sort: [...DEFAULT_SORT], from: null, to: null, minValue: null, maxValue: null, row: 0 };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (text: string | null) => (text !== null && ISO_DATE.test(text) ? text : null);
const numberParam = (text: string | null) => {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

/** Reads the state from a location's query string (`?q=coffee&category=&sort=-date&from=2024-01-01&row=200`); junk is dropped. */
export function readState(search: string): RegisterState {
  const params = new URLSearchParams(search);
  const row = Number.parseInt(params.get('row') ?? '', 10);
  return {
    search: params.get('q') ?? '',
    category: params.get('category'),
    bank: params.get('bank') || null,
    sort: orDefault(parseSort(params.get('sort'))),
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    minValue: numberParam(params.get('minValue')),
    maxValue: numberParam(params.get('maxValue')),
    row: Number.isSafeInteger(row) && row > 0 ? row : 0,
  };
}

const orDefault = (sort: SortKey[]): SortKey[] => (sort.length > 0 ? sort : [...DEFAULT_SORT]);

/** The query string for a state (its order always named); readState(writeState(s)) gives s back. */
export function writeState(state: RegisterState): string {
  const params = new URLSearchParams();
  if (state.search !== '') params.set('q', state.search);
  if (state.category !== null) params.set('category', state.category);
  if (state.bank !== null) params.set('bank', state.bank);
  const sort = formatSort(orDefault(state.sort));
  if (sort !== undefined) params.set('sort', sort);
  if (state.from !== null) params.set('from', state.from);
  if (state.to !== null) params.set('to', state.to);
  if (state.minValue !== null) params.set('minValue', String(state.minValue));
  if (state.maxValue !== null) params.set('maxValue', String(state.maxValue));
  if (state.row > 0) params.set('row', String(state.row));
  return `?${params.toString()}`;
}

/** The filter and order GET /transactions is asked for (no paging): the same for the same rows. */
export interface ListFilter {
  description?: string;
  category?: string;
  bank?: string;
  sort?: string;
  from?: string;
  to?: string;
  minValue?: number;
  maxValue?: number;
}

export function listFilter(state: RegisterState): ListFilter {
  const filter: ListFilter = {};
  const search = state.search.trim();
  if (search.length >= MIN_SEARCH) filter.description = search;
  if (state.category !== null) filter.category = state.category;
  if (state.bank !== null) filter.bank = state.bank;
  const sort = formatSort(state.sort);
  if (sort !== undefined) filter.sort = sort;
  if (state.from !== null) filter.from = state.from;
  if (state.to !== null) filter.to = state.to;
  if (state.minValue !== null) filter.minValue = state.minValue;
  if (state.maxValue !== null) filter.maxValue = state.maxValue;
  return filter;
}

/** One key per distinct list: loaded pages are kept per key. */
export const filterKey = (filter: ListFilter): string =>
  JSON.stringify([filter.description, filter.category, filter.bank, filter.sort, filter.from, filter.to, filter.minValue, filter.maxValue]);

/** True when the register shows every transaction (no filter at all), whatever the order. */
export const isUnfiltered = (filter: ListFilter): boolean =>
  (['description', 'category', 'bank', 'from', 'to', 'minValue', 'maxValue'] as const).every((name) => filter[name] === undefined);
