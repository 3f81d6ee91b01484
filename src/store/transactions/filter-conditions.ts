import { sql, type RawBuilder, type SqlBool, type WhereInterface } from 'kysely';
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
  if (filter.category !== undefined) where = where.where(categoryCondition(filter.category, quirks));
  if (filter.bank !== undefined) where = where.where('bank_id', '=', filter.bank);
  if (filter.account !== undefined) where = where.where('account_id', '=', filter.account);
  if (filter.descriptionContains !== undefined && filter.descriptionContains !== '') where = where.where(quirks.descriptionContains(filter.descriptionContains));
  if (filter.from !== undefined) where = where.where('date', '>=', filter.from);
  if (filter.to !== undefined) where = where.where('date', '<=', filter.to);
  if (filter.minValue !== undefined) where = where.where('value', '>=', filter.minValue);
  if (filter.maxValue !== undefined) where = where.where('value', '<=', filter.maxValue);
  return where as B;
}

/**
 * A transaction "in" a category (null: uncategorised): its own category, or, for a split one
 * (migration 0020), which has none of its own, one of its lines'. `table`: the alias of
 * `transactions` where the statement names it.
 */
export function categoryCondition(category: string | null, quirks: DialectQuirks, table?: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(table === undefined ? name : `${table}.${name}`);
  const lines = category === null
    ? sql`SELECT transaction_id FROM split_lines WHERE category IS NULL`
    : sql`SELECT transaction_id FROM split_lines WHERE category = ${category}`;
  const own = category === null ? sql`${column('category')} IS NULL AND ${column('split')} IS NULL` : sql`${column('category')} = ${category}`;
  return sql<SqlBool>`(${own} OR ${quirks.amongSelected(table === undefined ? 'id' : `${table}.id`, lines)})`;
}
