-- 0017-trash-listing-index on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE INDEX deleted_transactions_listing ON deleted_transactions (deleted_at DESC, id ASC);

DROP INDEX IF EXISTS deleted_transactions_deleted_at;
