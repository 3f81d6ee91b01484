import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * What TRANSACTION_JSON (sqlite/json-page.ts) is since categorySource joined the Transaction:
 * frozen here as 0006 froze its own; test/store/stored-row-json.test.ts compares them.
 */
export const ROW_JSON_SQL = `'{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || '}'`;

/** The advisory lock key that orders change-feed appends on PostgreSQL (see docs/change-feed.md). */
export const CHANGE_FEED_LOCK = 7_301_008;

/**
 * Corrections, provenance, import history and the change feed (issue 12):
 * - transactions.category_source: how the row got its category ('user', 'import', 'rule:<id>');
 *   NULL for rows categorised before this migration, which then serialise exactly as before.
 * - transactions.import_id: the import (imports.id) that added the row; NULL otherwise.
 * - imports: one row per imported file (name, format, bank, profile, when, counts).
 * - deleted_transactions: the trash. Deleting moves a row here whole (same id, every column),
 *   with when (ms since the epoch) and why ('request', 'import' + its id, 'bank' + its id), so
 *   every trigger and count kept on `transactions` stays exact by itself; restoring moves it back.
 * - the change feed: every write that changes a transaction, bank or category stamps the rows it
 *   touches with its change token (change_tx, DEFAULT 0: "before the feed existed"), and appends
 *   one change_feed entry (seq, tx) just before it commits. A deletion's stamp is on its trash
 *   row, or on its tombstone in deleted_catalogue. A reader follows change_feed in seq order;
 *   seq is commit order (SQLite: one writer; PostgreSQL: the append takes an advisory lock held
 *   until commit). Entry seq 1, tx 0 stands for every row older than the feed.
 * - SQLite: the stored row JSON triggers (0006) are rewritten to include categorySource (no
 *   existing row changes: every category_source is NULL); a restored row whose id the trigram
 *   index already passed (0005) goes back into the index as it is inserted.
 * Engine differences: ids and COLLATE "C" as in 0001; the change token comes from a counter row
 *   on SQLite (one writer) and from a sequence on PostgreSQL (no row lock held by every writer).
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine === 'sqlite') await sqlite(db);
  else await postgres(db);
  await sql`CREATE INDEX transactions_change_tx ON transactions (change_tx, id)`.execute(db);
  await sql`CREATE INDEX banks_change_tx ON banks (change_tx)`.execute(db);
  await sql`CREATE INDEX categories_change_tx ON categories (change_tx)`.execute(db);
  await sql`CREATE INDEX deleted_transactions_deleted_at ON deleted_transactions (deleted_at, id)`.execute(db);
  await sql`CREATE INDEX deleted_transactions_change_tx ON deleted_transactions (change_tx, id)`.execute(db);
  await sql`CREATE INDEX deleted_catalogue_change_tx ON deleted_catalogue (change_tx)`.execute(db);
  await sql`INSERT INTO change_feed (tx) VALUES (0)`.execute(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions ADD COLUMN category_source TEXT`.execute(db);
  await sql`ALTER TABLE transactions ADD COLUMN import_id INTEGER`.execute(db);
  await sql`ALTER TABLE transactions ADD COLUMN change_tx INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE banks ADD COLUMN change_tx INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE categories ADD COLUMN change_tx INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE TABLE imports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    file_name TEXT NOT NULL,
    format TEXT NOT NULL,
    bank_id TEXT NOT NULL,
    profile TEXT,
    imported_at INTEGER NOT NULL,
    added INTEGER NOT NULL DEFAULT 0,
    duplicates INTEGER NOT NULL DEFAULT 0,
    conflicts INTEGER NOT NULL DEFAULT 0,
    invalid INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE TABLE deleted_transactions (
    id INTEGER PRIMARY KEY NOT NULL,
    date TEXT NOT NULL,
    description TEXT NOT NULL,
    description_folded TEXT NOT NULL,
    value REAL NOT NULL,
    category TEXT,
    bank_id TEXT,
    import_key TEXT,
    category_source TEXT,
    import_id INTEGER,
    deleted_at INTEGER NOT NULL,
    deleted_reason TEXT NOT NULL,
    deleted_reference TEXT,
    change_tx INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE deleted_catalogue (
    entity TEXT NOT NULL,
    key TEXT NOT NULL,
    change_tx INTEGER NOT NULL,
    PRIMARY KEY (entity, key)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE TABLE change_feed (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tx INTEGER NOT NULL UNIQUE
  )`.execute(db);
  await sql`CREATE TABLE change_feed_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    last_tx INTEGER NOT NULL,
    purged_through INTEGER NOT NULL
  )`.execute(db);
  await sql`INSERT INTO change_feed_state (singleton, last_tx, purged_through) VALUES (1, 0, 0)`.execute(db);

  const rowJson = sql.raw(ROW_JSON_SQL);
  await sql`DROP TRIGGER transactions_row_json_insert`.execute(db);
  await sql`DROP TRIGGER transactions_row_json_update`.execute(db);
  await sql`CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
    UPDATE transactions SET row_json = ${rowJson} WHERE id = NEW.id;
  END`.execute(db);
  await sql`CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id, category_source ON transactions BEGIN
    UPDATE transactions SET row_json = ${rowJson} WHERE id = NEW.id;
  END`.execute(db);
  // New rows always get ids above the watermark (AUTOINCREMENT) and wait for the indexer; only a
  // restored row can come back below it, and the indexer would never look there again.
  await sql`CREATE TRIGGER transactions_fts_restore AFTER INSERT ON transactions
    WHEN NEW.id <= (SELECT indexed_through FROM search_index_state) BEGIN
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END`.execute(db);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions
    ADD COLUMN category_source text COLLATE "C",
    ADD COLUMN import_id bigint,
    ADD COLUMN change_tx bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE banks ADD COLUMN change_tx bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE categories ADD COLUMN change_tx bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE TABLE imports (
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    file_name text NOT NULL,
    format text NOT NULL,
    bank_id text COLLATE "C" NOT NULL,
    profile text,
    imported_at bigint NOT NULL,
    added bigint NOT NULL DEFAULT 0,
    duplicates bigint NOT NULL DEFAULT 0,
    conflicts bigint NOT NULL DEFAULT 0,
    invalid bigint NOT NULL DEFAULT 0,
    skipped bigint NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE TABLE deleted_transactions (
    id bigint PRIMARY KEY,
    date text COLLATE "C" NOT NULL,
    description text COLLATE "C" NOT NULL,
    description_folded text COLLATE "C" NOT NULL,
    value double precision NOT NULL,
    category text COLLATE "C",
    bank_id text COLLATE "C",
    import_key text COLLATE "C",
    category_source text COLLATE "C",
    import_id bigint,
    deleted_at bigint NOT NULL,
    deleted_reason text NOT NULL,
    deleted_reference text COLLATE "C",
    change_tx bigint NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE deleted_catalogue (
    entity text NOT NULL,
    key text COLLATE "C" NOT NULL,
    change_tx bigint NOT NULL,
    PRIMARY KEY (entity, key)
  )`.execute(db);
  await sql`CREATE SEQUENCE change_tx_seq`.execute(db);
  await sql`CREATE TABLE change_feed (
    seq bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    tx bigint NOT NULL UNIQUE
  )`.execute(db);
  await sql`CREATE TABLE change_feed_state (
    singleton integer PRIMARY KEY CHECK (singleton = 1),
    last_tx bigint NOT NULL,
    purged_through bigint NOT NULL
  )`.execute(db);
  await sql`INSERT INTO change_feed_state (singleton, last_tx, purged_through) VALUES (1, 0, 0)`.execute(db);
}
