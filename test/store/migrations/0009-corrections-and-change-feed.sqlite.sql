-- 0009-corrections-and-change-feed on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE transactions ADD COLUMN category_source TEXT;

ALTER TABLE transactions ADD COLUMN import_id INTEGER;

ALTER TABLE transactions ADD COLUMN change_tx INTEGER NOT NULL DEFAULT 0;

ALTER TABLE banks ADD COLUMN change_tx INTEGER NOT NULL DEFAULT 0;

ALTER TABLE categories ADD COLUMN change_tx INTEGER NOT NULL DEFAULT 0;

CREATE TABLE imports (
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
  );

CREATE TABLE deleted_transactions (
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
  );

CREATE TABLE deleted_catalogue (
    entity TEXT NOT NULL,
    key TEXT NOT NULL,
    change_tx INTEGER NOT NULL,
    PRIMARY KEY (entity, key)
  ) WITHOUT ROWID;

CREATE TABLE change_feed (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tx INTEGER NOT NULL UNIQUE
  );

CREATE TABLE change_feed_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    last_tx INTEGER NOT NULL,
    purged_through INTEGER NOT NULL
  );

INSERT INTO change_feed_state (singleton, last_tx, purged_through) VALUES (1, 0, 0);

DROP TRIGGER transactions_row_json_insert;

DROP TRIGGER transactions_row_json_update;

CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
    UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || '}' WHERE id = NEW.id;
  END;

CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id, category_source ON transactions BEGIN
    UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || '}' WHERE id = NEW.id;
  END;

CREATE TRIGGER transactions_fts_restore AFTER INSERT ON transactions
    WHEN NEW.id <= (SELECT indexed_through FROM search_index_state) BEGIN
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END;

CREATE INDEX transactions_change_tx ON transactions (change_tx, id);

CREATE INDEX banks_change_tx ON banks (change_tx);

CREATE INDEX categories_change_tx ON categories (change_tx);

CREATE INDEX deleted_transactions_deleted_at ON deleted_transactions (deleted_at, id);

CREATE INDEX deleted_transactions_change_tx ON deleted_transactions (change_tx, id);

CREATE INDEX deleted_catalogue_change_tx ON deleted_catalogue (change_tx);

INSERT INTO change_feed (tx) VALUES (0);
