/**
 * Which transactions a list, a report or a bulk operation is about: GET /transactions' filters
 * and its extensions (issue 12). Every field that is set must hold; an empty filter is every
 * transaction. A client's filter becomes one through filter-input.ts, which checks it.
 */
export interface TransactionFilter {
  /** undefined: any category; null: only uncategorised; a name: exactly that category. */
  category?: string | null;
  bank?: string;
  /** An account's id (issue 23). */
  account?: number;
  /** Already folded with foldForSearch. */
  descriptionContains?: string;
  /** Inclusive dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** Inclusive bounds on value. */
  minValue?: number;
  maxValue?: number;
}

/** True when the filter uses a field interface 0.1.0 does not have (a date or value range). */
export function hasRangeFilter(filter: TransactionFilter): boolean {
  return filter.from !== undefined || filter.to !== undefined || filter.minValue !== undefined || filter.maxValue !== undefined;
}

/** Transactions chosen by their ids, by a filter, or as the rows one import added. */
export type TransactionSelection = { ids: readonly number[] } | { filter: TransactionFilter } | { importId: number };
