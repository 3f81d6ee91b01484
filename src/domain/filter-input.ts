import { bankIdProblem, checkedCategoryName } from './bank-rules.js';
import { isRealDate } from './dates.js';
import { invalidField, type FieldLocation } from './errors.js';
import { normaliseName } from './names.js';
import { foldForSearch } from './text.js';
import type { TransactionFilter } from './transaction-filter.js';

/**
 * The one conversion of a client's filter into the domain's TransactionFilter, whichever way it
 * came: query parameters (GET /transactions, the reports), a JSON body's `filter` (the bulk
 * operations) or command-line flags (`moneta report`, `moneta transactions`). Each entry point
 * turns its text into this shape (a query's `category=` into null, a flag's text into a number)
 * and calls `transactionFilterOf` or `selectionFilterOf`; the checks, the normalising and the
 * folding happen here only, so the three cannot disagree. Over HTTP the contract's schema has
 * refused most bad values already; the command line has no schema, so the same rules are
 * checked again here, with the same words.
 */
export interface FilterInput {
  /** null: only the uncategorised. */
  category?: string | null;
  bank?: string;
  /** An account's id. */
  account?: number;
  /** As typed; folded here. */
  description?: string;
  from?: string;
  to?: string;
  minValue?: number;
  maxValue?: number;
}

export type FilterField = keyof FilterInput;

/** How a client names the filter and its fields in a problem: `from`, `filter.from` or `--from`. */
export interface FilterFieldNames extends Readonly<Record<FilterField, string>> {
  location: FieldLocation;
  /** The filter as a whole (an empty selection names it). */
  filter: string;
}

export const QUERY_FILTER_NAMES: FilterFieldNames = {
  location: 'query',
  filter: 'query',
  category: 'category',
  bank: 'bank',
  account: 'account',
  description: 'description',
  from: 'from',
  to: 'to',
  minValue: 'minValue',
  maxValue: 'maxValue',
};

/** A JSON body's `filter` object (SelectionFilter): `filter.from`. */
export const BODY_FILTER_NAMES: FilterFieldNames = {
  location: 'body',
  filter: 'filter',
  category: 'filter.category',
  bank: 'filter.bank',
  account: 'filter.account',
  description: 'filter.description',
  from: 'filter.from',
  to: 'filter.to',
  minValue: 'filter.minValue',
  maxValue: 'filter.maxValue',
};

/** The contract's bounds: a description's length (code points) and a value's magnitude (float32). */
const DESCRIPTION_MAX = 1000;
const VALUE_LIMIT = 3.4028234663852886e38;

/**
 * The filter a list or a report reads by. A category is matched after NFC normalisation and may
 * be any text (the seed's `category` parameter is; a name no category has matches nothing). A
 * `from` after `to` or a `minValue` above `maxValue` is refused naming the field.
 */
export function transactionFilterOf(input: FilterInput, names: FilterFieldNames): TransactionFilter {
  const filter: TransactionFilter = {};
  if (input.category !== undefined) filter.category = input.category === null ? null : normaliseName(input.category);
  if (input.bank !== undefined) {
    const problem = bankIdProblem(input.bank);
    if (problem) throw invalidField(names.location, names.bank, problem);
    filter.bank = input.bank;
  }
  if (input.account !== undefined) {
    if (!Number.isSafeInteger(input.account) || input.account < 1) throw invalidField(names.location, names.account, `must be an account's id, a whole number from 1 (got ${input.account})`);
    filter.account = input.account;
  }
  if (input.description !== undefined) {
    if ([...input.description].length > DESCRIPTION_MAX) throw invalidField(names.location, names.description, `must be at most ${DESCRIPTION_MAX} characters`);
    filter.descriptionContains = foldForSearch(input.description);
  }
  if (input.from !== undefined) filter.from = checkedDate(input.from, names, 'from');
  if (input.to !== undefined) filter.to = checkedDate(input.to, names, 'to');
  if (input.minValue !== undefined) filter.minValue = checkedValue(input.minValue, names, 'minValue');
  if (input.maxValue !== undefined) filter.maxValue = checkedValue(input.maxValue, names, 'maxValue');
  checkFilterRanges(filter, names);
  return filter;
}

/**
 * The filter a bulk operation changes rows by (a delete, a re-categorisation): as
 * `transactionFilterOf`, and stricter, as the contract's SelectionFilter is, so that no typo
 * chooses every transaction: at least one field, a description that is not empty, and a
 * category that is a category name.
 */
export function selectionFilterOf(input: FilterInput, names: FilterFieldNames): TransactionFilter {
  const given = (Object.keys(input) as FilterField[]).filter((field) => input[field] !== undefined);
  if (given.length === 0) throw invalidField(names.location, names.filter, 'must name at least one filter; to choose every transaction say so with a filter');
  if (input.description === '') throw invalidField(names.location, names.description, 'must not be empty');
  const category = input.category === undefined || input.category === null ? input.category : checkedCategoryName(input.category, names.location, names.category);
  return transactionFilterOf({ ...input, category }, names);
}

/**
 * Ranges that could match nothing by construction are refused rather than answered empty: a
 * `from` after `to`, or a `minValue` above `maxValue`, is almost always the two swapped.
 */
function checkFilterRanges(filter: TransactionFilter, names: FilterFieldNames): void {
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    throw invalidField(names.location, names.from, `must not be after ${names.to} (${filter.from} > ${filter.to})`);
  }
  if (filter.minValue !== undefined && filter.maxValue !== undefined && filter.minValue > filter.maxValue) {
    throw invalidField(names.location, names.minValue, `must not be above ${names.maxValue} (${filter.minValue} > ${filter.maxValue})`);
  }
}

function checkedDate(text: string, names: FilterFieldNames, field: 'from' | 'to'): string {
  if (!isRealDate(text)) throw invalidField(names.location, names[field], `must be a real calendar date written YYYY-MM-DD (got "${text}")`);
  return text;
}

function checkedValue(value: number, names: FilterFieldNames, field: 'minValue' | 'maxValue'): number {
  if (!Number.isFinite(value) || Math.abs(value) > VALUE_LIMIT) throw invalidField(names.location, names[field], `is outside the range of values (got ${value})`);
  return value;
}
