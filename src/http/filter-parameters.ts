import { DomainError } from '../domain/errors.js';
import { BODY_FILTER_NAMES, QUERY_FILTER_NAMES, selectionFilterOf, transactionFilterOf, type FilterInput } from '../domain/filter-input.js';
import type { TransactionFilter, TransactionSelection } from '../domain/transaction-filter.js';

/** The TransactionFilter query parameters as the contract types them after validation. */
export interface FilterParameters {
  category?: string;
  bank?: string;
  account?: number;
  description?: string;
  from?: string;
  to?: string;
  minValue?: number;
  maxValue?: number;
}

/**
 * The filter GET /transactions and the reports take as query parameters. A parameter left out
 * leaves its field undefined, so a request of interface 0.1.0 gets exactly its old filter.
 * `category=` (empty) asks for the uncategorised transactions. Checked by domain/filter-input.ts:
 * a `from` after `to` or a `minValue` above `maxValue` is a 400 naming it.
 */
export function filterFromQuery(query: FilterParameters): TransactionFilter {
  const { category, bank, account, description, from, to, minValue, maxValue } = query;
  return transactionFilterOf({ category: category === '' ? null : category, bank, account, description, from, to, minValue, maxValue }, QUERY_FILTER_NAMES);
}

/** The selection of a bulk operation's body (DeleteRequest, RecategoriseRequest). */
export interface SelectionBody {
  ids?: readonly number[];
  filter?: FilterInput;
}

/**
 * Exactly one of `ids` and `filter`; a filter is converted as every filter is
 * (domain/filter-input.ts), naming its fields `filter.from` and so on.
 */
export function selectionFromBody(body: SelectionBody): TransactionSelection {
  if ((body.ids === undefined) === (body.filter === undefined)) {
    const message = 'send exactly one of ids and filter';
    throw new DomainError('invalid', `ids, filter: ${message}`, [
      { in: 'body', name: 'ids', message },
      { in: 'body', name: 'filter', message },
    ]);
  }
  if (body.ids !== undefined) return { ids: body.ids };
  return { filter: selectionFilterOf(body.filter ?? {}, BODY_FILTER_NAMES) };
}
