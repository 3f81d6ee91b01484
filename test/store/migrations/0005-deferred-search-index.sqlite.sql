-- 0005-deferred-search-index on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE search_index_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    indexed_through INTEGER NOT NULL
  );

INSERT INTO search_index_state (singleton, indexed_through) SELECT 1, coalesce(max(id), 0) FROM transactions;

DROP TRIGGER transactions_fts_insert;

DROP TRIGGER transactions_fts_delete;

DROP TRIGGER transactions_fts_update;

CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions
    WHEN OLD.id <= (SELECT indexed_through FROM search_index_state) BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
  END;

CREATE TRIGGER transactions_fts_update AFTER UPDATE OF description_folded ON transactions
    WHEN OLD.id <= (SELECT indexed_through FROM search_index_state) BEGIN
    INSERT INTO transactions_fts (transactions_fts, rowid, description_folded) VALUES ('delete', OLD.id, OLD.description_folded);
    INSERT INTO transactions_fts (rowid, description_folded) VALUES (NEW.id, NEW.description_folded);
  END;
