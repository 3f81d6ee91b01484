-- 0013-postgres-description-statistics on postgres: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE transactions ALTER COLUMN description_folded SET STATISTICS 1000;

ANALYZE transactions;
