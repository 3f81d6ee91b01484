-- 0007-transaction-id-limit on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TRIGGER transactions_id_limit AFTER INSERT ON transactions WHEN NEW.id > 9007199254740991 BEGIN
      SELECT RAISE(ABORT, 'transaction ids are exhausted: the next id would pass 2^53 - 1');
    END;
