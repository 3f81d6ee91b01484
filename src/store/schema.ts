import type { Generated } from 'kysely';

/** Table shapes as the query builder sees them (both engines). */
export interface TransactionsTable {
  id: Generated<number>;
  date: string;
  description: string;
  /** foldForSearch(description): the key the description filter matches. */
  description_folded: string;
  value: number;
  category: string | null;
  bank_id: string | null;
}

export interface BanksTable {
  id: string;
  name: string;
  aggregator_id: string | null;
}

export interface CategoriesTable {
  name: string;
  group_name: string | null;
}

export interface Database {
  transactions: TransactionsTable;
  banks: BanksTable;
  categories: CategoriesTable;
}
