import type { ColumnType, Generated } from 'kysely';

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
  /** De-duplication key of an imported row (see migration 0002); never part of the API. */
  import_key: string | null;
  /** SQLite only: the row's JSON as the API writes it, kept by triggers (migration 0006); never written directly. */
  row_json: ColumnType<string | null, never, never>;
}

export interface RulesTable {
  id: Generated<number>;
  category: string;
  description_contains: string | null;
  description_pattern: string | null;
  min_value: number | null;
  max_value: number | null;
  bank_id: string | null;
  priority: number;
}

/** Per-import temporary table: how often each fingerprint occurred so far in the file. */
export interface ImportOccurrencesTable {
  fingerprint: string;
  n: number;
}

/** Transactions per (category, bank), kept by triggers (migration 0004); '' means none. */
export interface TransactionCountsTable {
  category: string;
  bank_id: string;
  n: number;
}

/** SQLite only: the FTS5 trigram index over description_folded (migration 0004). */
export interface TransactionsFtsTable {
  rowid: number;
  description_folded: string;
  /** The hidden column named after the table: the left side of MATCH. */
  transactions_fts: string;
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
  transaction_counts: TransactionCountsTable;
  transactions_fts: TransactionsFtsTable;
  banks: BanksTable;
  categories: CategoriesTable;
  rules: RulesTable;
  import_occurrences: ImportOccurrencesTable;
}
