-- 0004-performance on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE transaction_counts (
    category TEXT NOT NULL,
    bank_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (category, bank_id)
  ) WITHOUT ROWID;

INSERT INTO transaction_counts (category, bank_id, n)
    SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM transactions GROUP BY 1, 2;

CREATE TRIGGER transactions_counts_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transaction_counts (category, bank_id, n) VALUES (coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1)
      ON CONFLICT (category, bank_id) DO UPDATE SET n = n + 1;
  END;

CREATE TRIGGER transactions_counts_delete AFTER DELETE ON transactions BEGIN
    UPDATE transaction_counts SET n = n - 1 WHERE category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
  END;

CREATE TRIGGER transactions_counts_update AFTER UPDATE OF category, bank_id ON transactions
    WHEN OLD.category IS NOT NEW.category OR OLD.bank_id IS NOT NEW.bank_id BEGIN
    UPDATE transaction_counts SET n = n - 1 WHERE category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
    INSERT INTO transaction_counts (category, bank_id, n) VALUES (coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1)
      ON CONFLICT (category, bank_id) DO UPDATE SET n = n + 1;
  END;

CREATE VIRTUAL TABLE transactions_fts USING fts5(
    description_folded, content = 'transactions', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
  );

INSERT INTO transactions_fts (transactions_fts) VALUES ('rebuild');

CREATE TRIGGER transactions_fts_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END;

CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
  END;

CREATE TRIGGER transactions_fts_update AFTER UPDATE OF description_folded ON transactions BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END;

CREATE INDEX transactions_value ON transactions (value);

CREATE INDEX transactions_id ON transactions (id);

ANALYZE;
