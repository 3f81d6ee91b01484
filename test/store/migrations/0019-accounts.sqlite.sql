-- 0019-accounts on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
  );

INSERT INTO settings (key, value) VALUES ('currency', ?);
-- parameters: ["EUR"]

CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    currency TEXT NOT NULL,
    bank_id TEXT REFERENCES banks(id),
    iban TEXT,
    account_number TEXT,
    opening_balance REAL,
    opening_date TEXT,
    closed_on TEXT,
    reconciled_on TEXT,
    reconciled_balance REAL,
    change_tx INTEGER NOT NULL DEFAULT 0
  );

CREATE INDEX accounts_change_tx ON accounts (change_tx);

ALTER TABLE transactions ADD COLUMN account_id INTEGER REFERENCES accounts(id);

ALTER TABLE transactions ADD COLUMN status TEXT;

ALTER TABLE deleted_transactions ADD COLUMN account_id INTEGER;

ALTER TABLE deleted_transactions ADD COLUMN status TEXT;

CREATE INDEX transactions_account_date ON transactions (account_id, date, id) WHERE account_id IS NOT NULL;

CREATE INDEX transactions_account_odd_values ON transactions (account_id, date) WHERE account_id IS NOT NULL AND NOT (abs(value) < 1e9 AND round(value * 100) / 100 = value);

ALTER TABLE imports ADD COLUMN account_id INTEGER;

ALTER TABLE change_undo_rows ADD COLUMN account_id INTEGER;

ALTER TABLE change_undo_rows ADD COLUMN status TEXT;

CREATE TABLE account_days (
    account_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    status TEXT NOT NULL,
    n INTEGER NOT NULL,
    cents INTEGER NOT NULL,
    odd INTEGER NOT NULL,
    PRIMARY KEY (account_id, day, status)
  ) WITHOUT ROWID;

CREATE TRIGGER transactions_account_insert AFTER INSERT ON transactions WHEN NEW.account_id IS NOT NULL BEGIN
    INSERT INTO account_days (account_id, day, status, n, cents, odd)
        SELECT NEW.account_id, NEW.date, coalesce(NEW.status, ''), 1, coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), CASE WHEN CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END IS NULL THEN 1 ELSE 0 END WHERE NEW.account_id IS NOT NULL
        ON CONFLICT (account_id, day, status) DO UPDATE SET n = n + 1, cents = cents + excluded.cents, odd = odd + excluded.odd;
  END;

CREATE TRIGGER transactions_account_delete AFTER DELETE ON transactions WHEN OLD.account_id IS NOT NULL BEGIN
    UPDATE account_days SET n = n - 1, cents = cents - coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), odd = odd - CASE WHEN CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END IS NULL THEN 1 ELSE 0 END
        WHERE account_id = OLD.account_id AND day = OLD.date AND status = coalesce(OLD.status, '');
  END;

CREATE TRIGGER transactions_account_update AFTER UPDATE OF date, value, account_id, status ON transactions
    WHEN OLD.date IS NOT NEW.date OR OLD.value IS NOT NEW.value OR OLD.account_id IS NOT NEW.account_id OR OLD.status IS NOT NEW.status BEGIN
    UPDATE account_days SET n = n - 1, cents = cents - coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), odd = odd - CASE WHEN CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END IS NULL THEN 1 ELSE 0 END
        WHERE account_id = OLD.account_id AND day = OLD.date AND status = coalesce(OLD.status, '');
    INSERT INTO account_days (account_id, day, status, n, cents, odd)
        SELECT NEW.account_id, NEW.date, coalesce(NEW.status, ''), 1, coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), CASE WHEN CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END IS NULL THEN 1 ELSE 0 END WHERE NEW.account_id IS NOT NULL
        ON CONFLICT (account_id, day, status) DO UPDATE SET n = n + 1, cents = cents + excluded.cents, odd = odd + excluded.odd;
  END;

DROP TRIGGER transactions_row_json_insert;

DROP TRIGGER transactions_row_json_update;

CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
    UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || CASE WHEN "account_id" IS NULL THEN '' ELSE ',"account":' || "account_id" END || CASE WHEN "status" IS NULL THEN '' ELSE ',"status":' || json_quote("status") END || '}' WHERE id = NEW.id;
  END;

CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id, category_source, account_id, status ON transactions BEGIN
    UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || CASE WHEN "category_source" IS NULL THEN '' ELSE ',"categorySource":' || json_quote("category_source") END || CASE WHEN "account_id" IS NULL THEN '' ELSE ',"account":' || "account_id" END || CASE WHEN "status" IS NULL THEN '' ELSE ',"status":' || json_quote("status") END || '}' WHERE id = NEW.id;
  END;

INSERT INTO accounts (name, type, currency, bank_id)
    SELECT CASE WHEN (SELECT count(*) FROM banks other WHERE other.name = b.name) > 1 THEN b.name || ' (' || b.id || ')' ELSE b.name END,
      'checking', ?, b.id
    FROM banks b
    WHERE EXISTS (SELECT 1 FROM transactions t WHERE t.bank_id = b.id) OR EXISTS (SELECT 1 FROM deleted_transactions d WHERE d.bank_id = b.id)
    ORDER BY b.id;
-- parameters: ["EUR"]

UPDATE change_feed_state SET last_tx = last_tx + 1 WHERE singleton = 1;

UPDATE accounts SET change_tx = (SELECT last_tx FROM change_feed_state WHERE singleton = 1);

UPDATE "transactions" SET
      account_id = (SELECT a.id FROM accounts a WHERE a.bank_id = "transactions"."bank_id"),
      status = CASE WHEN import_id IS NULL THEN NULL ELSE 'cleared' END, change_tx = (SELECT last_tx FROM change_feed_state WHERE singleton = 1)
      WHERE bank_id IS NOT NULL;

UPDATE "deleted_transactions" SET
      account_id = (SELECT a.id FROM accounts a WHERE a.bank_id = "deleted_transactions"."bank_id"),
      status = CASE WHEN import_id IS NULL THEN NULL ELSE 'cleared' END
      WHERE bank_id IS NOT NULL;

INSERT INTO change_feed (tx) SELECT (SELECT last_tx FROM change_feed_state WHERE singleton = 1) WHERE EXISTS (SELECT 1 FROM accounts);

DROP TRIGGER transactions_change_undo;

CREATE TRIGGER transactions_change_undo AFTER UPDATE OF category, category_source, account_id, status ON transactions
    WHEN NEW.change_tx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM change_undo_rows WHERE tx = NEW.change_tx AND transaction_id = OLD.id) BEGIN
    INSERT INTO change_undo_rows (tx, transaction_id, action, category, category_source, account_id, status)
    VALUES (NEW.change_tx, OLD.id, 'row', OLD.category, OLD.category_source, OLD.account_id, OLD.status);
  END;
