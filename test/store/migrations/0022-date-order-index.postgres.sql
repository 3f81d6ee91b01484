-- 0022-date-order-index on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE INDEX transactions_date_newest ON transactions (date DESC, id ASC);
