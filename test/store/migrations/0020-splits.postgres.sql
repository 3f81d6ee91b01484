-- 0020-splits on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE split_lines (
    transaction_id bigint NOT NULL,
    position INTEGER NOT NULL,
    amount_cents bigint NOT NULL,
    category text COLLATE "C" REFERENCES categories(name) ON UPDATE CASCADE ON DELETE SET NULL,
    memo text COLLATE "C",
    PRIMARY KEY (transaction_id, position)
  );

CREATE INDEX split_lines_category ON split_lines (category, transaction_id);

CREATE TABLE change_undo_splits (
    tx bigint NOT NULL,
    transaction_id bigint NOT NULL,
    position INTEGER NOT NULL,
    amount_cents bigint NOT NULL,
    category text COLLATE "C",
    memo text COLLATE "C",
    PRIMARY KEY (tx, transaction_id, position)
  );

ALTER TABLE transactions ADD COLUMN split INTEGER;

ALTER TABLE deleted_transactions ADD COLUMN split INTEGER;
