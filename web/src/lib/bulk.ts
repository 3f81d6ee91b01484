import type { ListFilter } from './url-state.js';

/** The most ids one bulk request takes (the contract's TransactionIds maxItems). */
export const IDS_PER_REQUEST = 5000;

/** The filters of a bulk request (the contract's SelectionFilter): the list's filter without its order. */
export interface SelectionFilter {
  description?: string;
  category?: string | null;
  bank?: string;
  from?: string;
  to?: string;
  minValue?: number;
  maxValue?: number;
}

/**
 * The list's filter as a bulk selection, or null when it has none (the API refuses an empty
 * filter, so "everything" is never chosen by accident). The list's '' (uncategorised) is the
 * selection's null.
 */
export function selectionFilter(filter: ListFilter): SelectionFilter | null {
  const { sort: _sort, category, ...rest } = filter;
  const selection: SelectionFilter = { ...rest };
  if (category !== undefined) selection.category = category === '' ? null : category;
  return Object.keys(selection).length === 0 ? null : selection;
}

/** Splits ids into requests the API takes. */
export function chunks<T>(items: readonly T[], size = IDS_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** "3 transactions", "1 transaction", with the locale's grouping. */
export const rowsText = (count: number, locale: string): string => `${new Intl.NumberFormat(locale).format(count)} ${count === 1 ? 'transaction' : 'transactions'}`;
