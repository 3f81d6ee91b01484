-- 0018-change-undo on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE change_undo (
    tx bigint PRIMARY KEY NOT NULL,
    made_at bigint NOT NULL,
    undoes bigint,
    undone_by bigint,
    import_id bigint
  );

CREATE INDEX change_undo_made_at ON change_undo (made_at);

CREATE INDEX change_undo_import_id ON change_undo (import_id) WHERE import_id IS NOT NULL;

CREATE TABLE change_undo_rows (
    tx bigint NOT NULL,
    transaction_id bigint NOT NULL,
    action TEXT NOT NULL,
    category TEXT,
    category_source TEXT,
    PRIMARY KEY (tx, transaction_id)
  );

CREATE TABLE change_undo_state (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    purged_through bigint NOT NULL
  );

INSERT INTO change_undo_state (singleton, purged_through) VALUES (1, 0);

CREATE FUNCTION change_undo_category() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO change_undo_rows (tx, transaction_id, action, category, category_source)
        VALUES (NEW.change_tx, OLD.id, 'category', OLD.category, OLD.category_source)
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$;

CREATE TRIGGER transactions_change_undo AFTER UPDATE OF category, category_source ON transactions
      FOR EACH ROW EXECUTE FUNCTION change_undo_category();
