-- 0007-transaction-id-limit on postgres: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE transactions ALTER COLUMN id SET MAXVALUE 9007199254740991;

ALTER TABLE transactions ADD CONSTRAINT transactions_id_limit CHECK (id <= 9007199254740991) NOT VALID;
