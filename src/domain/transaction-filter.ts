import { invalidField, type FieldLocation } from './errors.js';

/**
 * Which transactions a list, a report or a bulk operation is about: GET /transactions' filters
 * and its extensions (issue 12). Every field that is set must hold; an empty filter is every
 * transaction.
 */
export interface TransactionFilter {
  /** undefined: any category; null: only uncategorised; a name: exactly that category. */
  category?: string | null;
  bank?: string;
  /** Already folded with foldForSearch. */
  descriptionContains?: string;
  /** Inclusive dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** Inclusive bounds on value. */
  minValue?: number;
  maxValue?: number;
}

/** The filter's fields as a client names them, for problems ('from', or 'filter.from' in a body). */
export interface FilterFieldNames {
  location: FieldLocation;
  from: string;
  to: string;
  minValue: string;
  maxValue: string;
}

export const QUERY_FILTER_NAMES: FilterFieldNames = { location: 'query', from: 'from', to: 'to', minValue: 'minValue', maxValue: 'maxValue' };

/** True when the filter uses a field interface 0.1.0 does not have (a date or value range). */
export function hasRangeFilter(filter: TransactionFilter): boolean {
  return filter.from !== undefined || filter.to !== undefined || filter.minValue !== undefined || filter.maxValue !== undefined;
}

/**
 * Ranges that could match nothing by construction are refused rather than answered empty: a
 * `from` after `to`, or a `minValue` above `maxValue`, is almost always the two swapped.
 */
export function checkFilterRanges(filter: TransactionFilter, names: FilterFieldNames = QUERY_FILTER_NAMES): void {
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    throw invalidField(names.location, names.from, `must not be after ${names.to} (${filter.from} > ${filter.to})`);
  }
  if (filter.minValue !== undefined && filter.maxValue !== undefined && filter.minValue > filter.maxValue) {
    throw invalidField(names.location, names.minValue, `must not be above ${names.maxValue} (${filter.minValue} > ${filter.maxValue})`);
  }
}

/** Transactions chosen by their ids, by a filter, or as the rows one import added. */
export type TransactionSelection = { ids: readonly number[] } | { filter: TransactionFilter } | { importId: number };
