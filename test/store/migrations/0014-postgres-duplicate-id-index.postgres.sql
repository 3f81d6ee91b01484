-- 0014-postgres-duplicate-id-index on postgres: the statements it runs, in order. Frozen: never edit (see the test).
DROP INDEX IF EXISTS transactions_id;
