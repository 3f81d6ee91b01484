-- 0008-report-totals on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE report_months (
      month text COLLATE "C" NOT NULL,
      category text COLLATE "C" NOT NULL,
      bank_id text COLLATE "C" NOT NULL,
      n bigint NOT NULL,
      income bigint NOT NULL,
      expenses bigint NOT NULL
    );

CREATE INDEX report_months_key ON report_months (month, category, bank_id);

CREATE TABLE report_days (
      day text COLLATE "C" NOT NULL,
      category text COLLATE "C" NOT NULL,
      bank_id text COLLATE "C" NOT NULL,
      n bigint NOT NULL,
      income bigint NOT NULL,
      expenses bigint NOT NULL
    );

CREATE INDEX report_days_key ON report_days (day, category, bank_id);

LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO report_months (month, category, bank_id, n, income, expenses)
        SELECT substr(date, 1, 7), coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, 1 AS sign FROM transactions) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;

INSERT INTO report_days (day, category, bank_id, n, income, expenses)
        SELECT date, coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, 1 AS sign FROM transactions) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;

CREATE FUNCTION moneta_report_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO report_months (month, category, bank_id, n, income, expenses)
        SELECT substr(date, 1, 7), coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, 1 AS sign FROM new_rows) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;
      INSERT INTO report_days (day, category, bank_id, n, income, expenses)
        SELECT date, coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, 1 AS sign FROM new_rows) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;
      RETURN NULL;
    END
  $$;

CREATE FUNCTION moneta_report_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO report_months (month, category, bank_id, n, income, expenses)
        SELECT substr(date, 1, 7), coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, -1 AS sign FROM old_rows) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;
      INSERT INTO report_days (day, category, bank_id, n, income, expenses)
        SELECT date, coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, -1 AS sign FROM old_rows) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;
      RETURN NULL;
    END
  $$;

CREATE FUNCTION moneta_report_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO report_months (month, category, bank_id, n, income, expenses)
        SELECT substr(date, 1, 7), coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, -1 AS sign FROM old_rows UNION ALL SELECT date, value, category, bank_id, 1 FROM new_rows) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;
      INSERT INTO report_days (day, category, bank_id, n, income, expenses)
        SELECT date, coalesce(category, ''), coalesce(bank_id, ''), sum(sign),
          coalesce(sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0), coalesce(sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)), 0)
        FROM (SELECT date, value, category, bank_id, -1 AS sign FROM old_rows UNION ALL SELECT date, value, category, bank_id, 1 FROM new_rows) AS changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
          OR sum(sign * greatest(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0 OR sum(sign * least(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN round(value * 100)::bigint END, 0), 0)) <> 0;
      RETURN NULL;
    END
  $$;

CREATE TRIGGER transactions_report_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_report_inserted();

CREATE TRIGGER transactions_report_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_report_deleted();

CREATE TRIGGER transactions_report_update AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moneta_report_updated();

CREATE INDEX transactions_odd_values ON transactions (date) WHERE NOT (abs(value) < 1e9 AND round(value * 100) / 100 = value);
