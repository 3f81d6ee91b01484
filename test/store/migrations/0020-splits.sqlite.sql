-- 0020-splits on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE split_lines (
    transaction_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL,
    category TEXT REFERENCES categories(name) ON UPDATE CASCADE ON DELETE SET NULL,
    memo TEXT,
    PRIMARY KEY (transaction_id, position)
  );

CREATE INDEX split_lines_category ON split_lines (category, transaction_id);

CREATE TABLE change_undo_splits (
    tx INTEGER NOT NULL,
    transaction_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL,
    category TEXT,
    memo TEXT,
    PRIMARY KEY (tx, transaction_id, position)
  );

ALTER TABLE transactions ADD COLUMN split INTEGER;

ALTER TABLE deleted_transactions ADD COLUMN split INTEGER;

DROP TRIGGER transactions_row_json_insert;

DROP TRIGGER transactions_row_json_update;

CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
      UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || CASE WHEN "account_id" IS NULL THEN '' ELSE ',"account":' || "account_id" END || CASE WHEN "status" IS NULL THEN '' ELSE ',"status":' || json_quote("status") END || CASE WHEN "split" IS NULL THEN '' ELSE ',"split":' || 'true' END || '}' WHERE id = NEW.id;
    END;

CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id, category_source, account_id, status, split ON transactions BEGIN
      UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || CASE WHEN "account_id" IS NULL THEN '' ELSE ',"account":' || "account_id" END || CASE WHEN "status" IS NULL THEN '' ELSE ',"status":' || json_quote("status") END || CASE WHEN "split" IS NULL THEN '' ELSE ',"split":' || 'true' END || '}' WHERE id = NEW.id;
    END;
