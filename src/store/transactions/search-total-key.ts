import type { TransactionQuery } from '../../domain/transaction.js';

/**
 * The key a cached search total is kept under (sqlite/count-cache.ts, postgres/search-totals.ts):
 * every filter of the query, none of its paging or order. Undefined when the query has no
 * description search: other totals are cheap (counts tables) and never cached.
 */
export function searchTotalKey(query: TransactionQuery): string | undefined {
  if (query.descriptionContains === undefined || query.descriptionContains === '') return undefined;
  // 0 stands for "no filter": JSON would write undefined and null alike, and they differ here.
  return JSON.stringify([
    query.category === undefined ? 0 : query.category,
    query.bank ?? 0,
    query.account ?? 0,
    query.descriptionContains,
    query.from ?? 0,
    query.to ?? 0,
    // Values can be 0: "none" for no bound.
    query.minValue ?? 'none',
    query.maxValue ?? 'none',
  ]);
}
