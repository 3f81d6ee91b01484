-- 0004-performance on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE transaction_counts (
    category text COLLATE "C" NOT NULL,
    bank_id text COLLATE "C" NOT NULL,
    n bigint NOT NULL
  );

CREATE INDEX transaction_counts_key ON transaction_counts (category, bank_id);

LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO transaction_counts (category, bank_id, n)
    SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM transactions GROUP BY 1, 2;

CREATE FUNCTION moneta_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_counts (category, bank_id, n)
        SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM new_rows GROUP BY 1, 2;
      RETURN NULL;
    END
  $$;

CREATE FUNCTION moneta_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_counts (category, bank_id, n)
        SELECT coalesce(category, ''), coalesce(bank_id, ''), -count(*) FROM old_rows GROUP BY 1, 2;
      RETURN NULL;
    END
  $$;

CREATE FUNCTION moneta_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO transaction_counts (category, bank_id, n)
        SELECT category, bank_id, sum(n) FROM (
          SELECT coalesce(category, '') AS category, coalesce(bank_id, '') AS bank_id, -1 AS n FROM old_rows
          UNION ALL
          SELECT coalesce(category, ''), coalesce(bank_id, ''), 1 FROM new_rows
        ) AS changes
        GROUP BY 1, 2 HAVING sum(n) <> 0;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER transactions_counts_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_count_inserted();

CREATE TRIGGER transactions_counts_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_count_deleted();

CREATE TRIGGER transactions_counts_update AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_count_updated();

CREATE INDEX transactions_value ON transactions (value);

CREATE INDEX transactions_id ON transactions (id);

ANALYZE;
