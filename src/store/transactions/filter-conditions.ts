import type { WhereInterface } from 'kysely';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import type { Database } from '../engine/schema.js';

/**
 * The list's filters (TransactionFilter) as WHERE conditions on `transactions`, for any statement
 * that reads or changes rows by them: a page, a count, a bulk re-categorisation, a delete.
 * Conditions are added in one fixed order, so a filter always compiles to the same SQL.
 */
export function whereFilter<B extends WhereInterface<Database, 'transactions'>>(builder: B, filter: TransactionFilter, quirks: DialectQuirks): B {
  // Each where() returns the same kind of builder it was called on; WhereInterface cannot say so.
  let where = builder as WhereInterface<Database, 'transactions'>;
  if (filter.category === null) where = where.where('category', 'is', null);
  else if (filter.category !== undefined) where = where.where('category', '=', filter.category);
  if (filter.bank !== undefined) where = where.where('bank_id', '=', filter.bank);
  if (filter.account !== undefined) where = where.where('account_id', '=', filter.account);
  if (filter.descriptionContains !== undefined && filter.descriptionContains !== '') where = where.where(quirks.descriptionContains(filter.descriptionContains));
  if (filter.from !== undefined) where = where.where('date', '>=', filter.from);
  if (filter.to !== undefined) where = where.where('date', '<=', filter.to);
  if (filter.minValue !== undefined) where = where.where('value', '>=', filter.minValue);
  if (filter.maxValue !== undefined) where = where.where('value', '<=', filter.maxValue);
  return where as B;
}
