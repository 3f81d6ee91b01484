import { normaliseName } from '../domain/names.js';
import { foldForSearch } from '../domain/text.js';
import { checkFilterRanges, type TransactionFilter } from '../domain/transaction-filter.js';

/** The TransactionFilter query parameters as the contract types them after validation. */
export interface FilterParameters {
  category?: string;
  bank?: string;
  description?: string;
  from?: string;
  to?: string;
  minValue?: number;
  maxValue?: number;
}

/**
 * The filter GET /transactions and the reports take as query parameters. A parameter left out
 * leaves its field undefined, so a request of interface 0.1.0 gets exactly its old filter.
 * A `from` after `to` or a `minValue` above `maxValue` is a 400 naming it.
 */
export function filterFromQuery(query: FilterParameters): TransactionFilter {
  const filter: TransactionFilter = {
    // `category=` (empty) asks for the uncategorised transactions; names are stored in NFC.
    category: query.category === '' ? null : query.category === undefined ? undefined : normaliseName(query.category),
    bank: query.bank,
    descriptionContains: query.description === undefined ? undefined : foldForSearch(query.description),
  };
  if (query.from !== undefined) filter.from = query.from;
  if (query.to !== undefined) filter.to = query.to;
  if (query.minValue !== undefined) filter.minValue = query.minValue;
  if (query.maxValue !== undefined) filter.maxValue = query.maxValue;
  checkFilterRanges(filter);
  return filter;
}
