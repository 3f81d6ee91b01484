/**
 * Every table `moneta copy` moves, in an order that satisfies the foreign keys (parents first;
 * clearing runs in reverse). This is the one list to extend when a migration adds a table: the
 * copy refuses a store holding a table that is missing here, and a test checks the list against
 * a freshly migrated store, so a new table cannot be silently left behind.
 */
export interface CopiedTable {
  name: string;
  /** Primary key columns: rows are read in this order, in batches after the last key seen. */
  key: readonly string[];
  /** A column filled from a sequence (identity / AUTOINCREMENT) that must continue past the copy. */
  identity?: string;
  /** Columns the target's own triggers compute from the others: never copied (the engines may differ). */
  derived?: readonly string[];
  /**
   * Columns the copy gives a fresh random name on the target instead of the source's value, and
   * so never compares: change_feed_state's epoch (migration 0015). A copy may be a restore (of a
   * backup file, or of an older store), so the target starts a new epoch of the store: change-feed
   * cursors given out before the copy are refused there, and clients read again from the start.
   */
  renewed?: readonly string[];
  /** Rows every freshly migrated store holds (the change feed's first entry and state): not "contents". */
  seeded?: number;
  /** Rows that record the past (the change feed, tombstones), not contents: a store holding only these is empty. */
  history?: true;
}

export const COPIED_TABLES: readonly CopiedTable[] = [
  { name: 'banks', key: ['id'] },
  { name: 'categories', key: ['name'] },
  // Migration 0019: accounts before the transactions in them; the store's settings.
  { name: 'accounts', key: ['id'], identity: 'id' },
  { name: 'settings', key: ['key'], seeded: 1 },
  // Includes import_key (migration 0002): re-importing a statement after the move still de-duplicates.
  // row_json (SQLite, migration 0006) is rewritten by the target's trigger as each row arrives.
  { name: 'transactions', key: ['id'], identity: 'id', derived: ['row_json', 'description_grams'] },
  { name: 'rules', key: ['id'], identity: 'id' },
  { name: 'api_tokens', key: ['name'] },
  { name: 'idempotency_keys', key: ['key'] },
  // Migration 0009: import history, the trash (same ids: restorable after the move), the change
  // feed with its tombstones and its state; the store's name too (migration 0015), but not its
  // epoch: the target starts a new one, so cursors handed out by the source are refused there.
  { name: 'imports', key: ['id'], identity: 'id' },
  { name: 'deleted_transactions', key: ['id'] },
  { name: 'deleted_catalogue', key: ['entity', 'key'], history: true },
  { name: 'change_feed', key: ['seq'], identity: 'seq', seeded: 1, history: true },
  { name: 'change_feed_state', key: ['singleton'], seeded: 1, history: true, renewed: ['epoch'] },
  // Migration 0018: undo by change, its before-images and how far they were purged (an undo
  // after the move reverts what was done before it).
  { name: 'change_undo', key: ['tx'], history: true },
  { name: 'change_undo_rows', key: ['tx', 'transaction_id'], history: true },
  { name: 'change_undo_state', key: ['singleton'], seeded: 1, history: true },
  // Migration 0020: split lines (after the categories they name; a trashed row's too), and the
  // lines' before-images for undo.
  { name: 'split_lines', key: ['transaction_id', 'position'] },
  { name: 'change_undo_splits', key: ['tx', 'transaction_id', 'position'], history: true },
  // Migration 0021: transfers (links between rows, by id: the rows keep theirs), the pairs
  // rejected as transfers, and the before-images of the transfers a change touched.
  { name: 'transfers', key: ['id'], identity: 'id' },
  { name: 'transfer_rejections', key: ['outflow_id', 'inflow_id'] },
  { name: 'change_undo_transfers', key: ['tx', 'transfer_id'], history: true },
];

/**
 * Tables that exist but are not copied:
 * - the migrator's bookkeeping: each store keeps its own, written when it was migrated;
 * - tables kept by triggers from the copied ones (migration 0004: per-(category, bank) counts and
 *   SQLite's FTS5 trigram index with its shadow tables; migration 0008: report totals): they fill
 *   in as the transactions arrive.
 */
export const NOT_COPIED = new Set([
  'moneta_migrations',
  'moneta_migrations_lock',
  'transaction_counts',
  'transactions_fts',
  'transactions_fts_config',
  'transactions_fts_data',
  'transactions_fts_docsize',
  'transactions_fts_idx',
  // How far the trigram index has got (migration 0005): the copy rebuilds the index and sets it.
  'search_index_state',
  // Report totals per month and per day (migration 0008), kept by the target's triggers as the
  // transactions arrive.
  'report_months',
  'report_days',
  // Accounts' daily totals (migration 0019), kept the same way.
  'account_days',
  // The version of the rules for caches of them (migration 0010): a fresh count per store.
  'rules_revision',
  // Imports answered 202 (migration 0016): they name the server processes of this store and
  // are kept a day; a copy or backup starts without them (a poll of one on the copy is a 404).
  'import_jobs',
]);
