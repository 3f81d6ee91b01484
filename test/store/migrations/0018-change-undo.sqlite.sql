-- 0018-change-undo on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE change_undo (
    tx INTEGER PRIMARY KEY NOT NULL,
    made_at INTEGER NOT NULL,
    undoes INTEGER,
    undone_by INTEGER,
    import_id INTEGER
  );

CREATE INDEX change_undo_made_at ON change_undo (made_at);

CREATE INDEX change_undo_import_id ON change_undo (import_id) WHERE import_id IS NOT NULL;

CREATE TABLE change_undo_rows (
    tx INTEGER NOT NULL,
    transaction_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    category TEXT,
    category_source TEXT,
    PRIMARY KEY (tx, transaction_id)
  );

CREATE TABLE change_undo_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    purged_through INTEGER NOT NULL
  );

INSERT INTO change_undo_state (singleton, purged_through) VALUES (1, 0);

CREATE TRIGGER transactions_change_undo AFTER UPDATE OF category, category_source ON transactions
      WHEN NEW.change_tx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM change_undo_rows WHERE tx = NEW.change_tx AND transaction_id = OLD.id) BEGIN
      INSERT INTO change_undo_rows (tx, transaction_id, action, category, category_source)
      VALUES (NEW.change_tx, OLD.id, 'category', OLD.category, OLD.category_source);
    END;
