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
  /** How the row got its category (CategorySource; migration 0009). */
  category_source: string | null;
  /** The import that added the row (imports.id), or null. */
  import_id: number | null;
  /** The change token of the last write that changed the row (change feed, migration 0009). */
  change_tx: ColumnType<number, number | undefined, number>;
  /** The account it is in (migration 0019), or null. */
  account_id: number | null;
  /** pending | cleared | reconciled, or null: not cleared (migration 0019). */
  status: string | null;
  /** 1 while the row has split lines (migration 0020), else null. */
  split: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The trash (migration 0009): deleted transactions, whole, with when and why. */
export interface DeletedTransactionsTable {
  id: number;
  date: string;
  description: string;
  description_folded: string;
  value: number;
  category: string | null;
  bank_id: string | null;
  import_key: string | null;
  category_source: string | null;
  import_id: number | null;
  /** Milliseconds since the epoch. */
  deleted_at: number;
  /** 'request', 'import' (reference: its id) or 'bank' (reference: its id). */
  deleted_reason: string;
  deleted_reference: string | null;
  change_tx: number;
  account_id: number | null;
  status: string | null;
  split: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Tombstones of deleted banks ('bank') and categories ('category') for the change feed. */
export interface DeletedCatalogueTable {
  entity: string;
  key: string;
  change_tx: number;
}

/** One entry per committed write: its place in commit order (seq) and its change token (tx). */
export interface ChangeFeedTable {
  seq: Generated<number>;
  tx: number;
}

export interface ChangeFeedStateTable {
  singleton: number;
  /** SQLite: the last change token handed out. */
  last_tx: number;
  /** The largest seq whose trash rows (deletions) were purged: older cursors cannot be served. */
  purged_through: number;
  /** A random name of the store, given when it was created (migration 0015); cursors carry it. */
  store_id: string;
  /** A random name of this life of the store, given again by `moneta restore`; cursors carry it. */
  epoch: string;
}

/** A change that can be undone (migration 0018). */
export interface ChangeUndoTable {
  tx: number;
  made_at: number;
  undoes: number | null;
  undone_by: number | null;
  import_id: number | null;
}

/** A before-image of one transaction in one change (migration 0018): `category`, `trashed`, `restored` or `created`. */
export interface ChangeUndoRowsTable {
  tx: number;
  transaction_id: number;
  action: string;
  category: string | null;
  category_source: string | null;
  /** Images of action `row` (migration 0019) keep the account and status too. */
  account_id: number | null;
  status: string | null;
}

export interface ChangeUndoStateTable {
  singleton: number;
  /** The newest change token whose before-images were purged. */
  purged_through: number;
}

/** One row per imported file (migration 0009). */
export interface ImportsTable {
  id: Generated<number>;
  file_name: string;
  format: string;
  bank_id: string;
  profile: string | null;
  imported_at: number;
  added: ColumnType<number, number | undefined, number>;
  duplicates: ColumnType<number, number | undefined, number>;
  conflicts: ColumnType<number, number | undefined, number>;
  invalid: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  /** The account its rows went into (migration 0019), or null. */
  account_id: number | null;
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

/** Raised by every change of an existing rule (migration 0010): part of the rules' version. */
export interface RulesRevisionTable {
  singleton: number;
  revision: number;
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

/**
 * Report totals per month ('YYYY-MM') or per day, per (category, bank), kept by triggers
 * (migration 0008): '' means none; income and expenses are sums of whole cents, positive and
 * negative. PostgreSQL holds signed deltas, to be summed.
 */
export interface ReportTotalsTable {
  category: string;
  bank_id: string;
  n: number;
  income: number;
  expenses: number;
}

export interface ReportMonthsTable extends ReportTotalsTable {
  month: string;
}

export interface ReportDaysTable extends ReportTotalsTable {
  day: string;
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
  change_tx: ColumnType<number, number | undefined, number>;
}

export interface CategoriesTable {
  name: string;
  group_name: string | null;
  change_tx: ColumnType<number, number | undefined, number>;
}

/** Accounts (migration 0019). */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  type: string;
  currency: string;
  bank_id: string | null;
  iban: string | null;
  account_number: string | null;
  opening_balance: number | null;
  opening_date: string | null;
  closed_on: string | null;
  reconciled_on: string | null;
  reconciled_balance: number | null;
  change_tx: ColumnType<number, number | undefined, number>;
}

/** Per (account, day, status): rows and the sum of their whole-cent values, kept by triggers (migration 0019); '' is no status. */
export interface AccountDaysTable {
  account_id: number;
  day: string;
  status: string;
  n: number;
  cents: number;
  /** How many of its rows' values are not whole cents (read one by one). */
  odd: number;
}

/** The store's settings (migration 0019): `currency`. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** Transfers (migration 0021): an outflow and an inflow linked; `suggested` or `confirmed`. */
export interface TransfersTable {
  id: Generated<number>;
  outflow_id: number;
  inflow_id: number;
  status: string;
  change_tx: number;
}

/** Pairs a person rejected as transfers (migration 0021): never suggested again. */
export interface TransferRejectionsTable {
  outflow_id: number;
  inflow_id: number;
  change_tx: number;
}

/** Before-images of the transfers a change added, removed or confirmed (migration 0021). */
export interface ChangeUndoTransfersTable {
  tx: number;
  transfer_id: number;
  action: 'added' | 'removed' | 'status';
  outflow_id: number;
  inflow_id: number;
  status: string;
}

export interface Database {
  accounts: AccountsTable;
  account_days: AccountDaysTable;
  settings: SettingsTable;
  transactions: TransactionsTable;
  transaction_counts: TransactionCountsTable;
  report_months: ReportMonthsTable;
  report_days: ReportDaysTable;
  transactions_fts: TransactionsFtsTable;
  banks: BanksTable;
  categories: CategoriesTable;
  rules: RulesTable;
  rules_revision: RulesRevisionTable;
  import_occurrences: ImportOccurrencesTable;
  deleted_transactions: DeletedTransactionsTable;
  deleted_catalogue: DeletedCatalogueTable;
  change_feed: ChangeFeedTable;
  change_feed_state: ChangeFeedStateTable;
  imports: ImportsTable;
  change_undo: ChangeUndoTable;
  change_undo_rows: ChangeUndoRowsTable;
  change_undo_state: ChangeUndoStateTable;
  split_lines: SplitLinesTable;
  change_undo_splits: ChangeUndoSplitsTable;
  transfers: TransfersTable;
  transfer_rejections: TransferRejectionsTable;
  change_undo_transfers: ChangeUndoTransfersTable;
}

/** The lines of a split transaction (migration 0020), by position from 0. */
export interface SplitLinesTable {
  transaction_id: number;
  position: number;
  /** Whole hundredths of the currency (an integer). */
  amount_cents: number;
  category: string | null;
  memo: string | null;
}

/** The lines a transaction had before change `tx` (migration 0020). */
export interface ChangeUndoSplitsTable extends SplitLinesTable {
  tx: number;
}

/** The columns a transaction keeps in the trash, besides when, why and its change token. */
export const TRASHED_COLUMNS = ['id', 'date', 'description', 'description_folded', 'value', 'category', 'bank_id', 'import_key', 'category_source', 'import_id', 'account_id', 'status', 'split'] as const;
