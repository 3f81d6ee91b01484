-- 0012-import-rows-index on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE INDEX transactions_import_id ON transactions (import_id, id) WHERE import_id IS NOT NULL;

CREATE INDEX deleted_transactions_import_id ON deleted_transactions (import_id) WHERE import_id IS NOT NULL;
