-- 0008-report-totals on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE report_months (
      month TEXT NOT NULL,
      category TEXT NOT NULL,
      bank_id TEXT NOT NULL,
      n INTEGER NOT NULL,
      income INTEGER NOT NULL,
      expenses INTEGER NOT NULL,
      PRIMARY KEY (month, category, bank_id)
    ) WITHOUT ROWID;

INSERT INTO report_months (month, category, bank_id, n, income, expenses)
      SELECT substr(date, 1, 7), coalesce(category, ''), coalesce(bank_id, ''), count(*),
        coalesce(sum(max(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN CAST(round(value * 100) AS INTEGER) END, 0), 0)), 0), coalesce(sum(min(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN CAST(round(value * 100) AS INTEGER) END, 0), 0)), 0)
      FROM transactions GROUP BY 1, 2, 3;

CREATE TABLE report_days (
      day TEXT NOT NULL,
      category TEXT NOT NULL,
      bank_id TEXT NOT NULL,
      n INTEGER NOT NULL,
      income INTEGER NOT NULL,
      expenses INTEGER NOT NULL,
      PRIMARY KEY (day, category, bank_id)
    ) WITHOUT ROWID;

INSERT INTO report_days (day, category, bank_id, n, income, expenses)
      SELECT date, coalesce(category, ''), coalesce(bank_id, ''), count(*),
        coalesce(sum(max(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN CAST(round(value * 100) AS INTEGER) END, 0), 0)), 0), coalesce(sum(min(coalesce(CASE WHEN abs(value) < 1e9 AND round(value * 100) / 100 = value THEN CAST(round(value * 100) AS INTEGER) END, 0), 0)), 0)
      FROM transactions GROUP BY 1, 2, 3;

CREATE TRIGGER transactions_report_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO report_months (month, category, bank_id, n, income, expenses)
      VALUES (substr(NEW.date, 1, 7), coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1, max(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0), min(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0))
      ON CONFLICT (month, category, bank_id) DO UPDATE SET n = n + 1, income = income + excluded.income, expenses = expenses + excluded.expenses;
    INSERT INTO report_days (day, category, bank_id, n, income, expenses)
      VALUES (NEW.date, coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1, max(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0), min(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0))
      ON CONFLICT (day, category, bank_id) DO UPDATE SET n = n + 1, income = income + excluded.income, expenses = expenses + excluded.expenses;
  END;

CREATE TRIGGER transactions_report_delete AFTER DELETE ON transactions BEGIN
    UPDATE report_months SET n = n - 1, income = income - max(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0), expenses = expenses - min(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0)
      WHERE month = substr(OLD.date, 1, 7) AND category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
    UPDATE report_days SET n = n - 1, income = income - max(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0), expenses = expenses - min(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0)
      WHERE day = OLD.date AND category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
  END;

CREATE TRIGGER transactions_report_update AFTER UPDATE OF date, value, category, bank_id ON transactions
    WHEN OLD.date IS NOT NEW.date OR OLD.value IS NOT NEW.value OR OLD.category IS NOT NEW.category OR OLD.bank_id IS NOT NEW.bank_id BEGIN
    UPDATE report_months SET n = n - 1, income = income - max(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0), expenses = expenses - min(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0)
      WHERE month = substr(OLD.date, 1, 7) AND category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
    UPDATE report_days SET n = n - 1, income = income - max(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0), expenses = expenses - min(coalesce(CASE WHEN abs(OLD.value) < 1e9 AND round(OLD.value * 100) / 100 = OLD.value THEN CAST(round(OLD.value * 100) AS INTEGER) END, 0), 0)
      WHERE day = OLD.date AND category = coalesce(OLD.category, '') AND bank_id = coalesce(OLD.bank_id, '');
    INSERT INTO report_months (month, category, bank_id, n, income, expenses)
      VALUES (substr(NEW.date, 1, 7), coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1, max(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0), min(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0))
      ON CONFLICT (month, category, bank_id) DO UPDATE SET n = n + 1, income = income + excluded.income, expenses = expenses + excluded.expenses;
    INSERT INTO report_days (day, category, bank_id, n, income, expenses)
      VALUES (NEW.date, coalesce(NEW.category, ''), coalesce(NEW.bank_id, ''), 1, max(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0), min(coalesce(CASE WHEN abs(NEW.value) < 1e9 AND round(NEW.value * 100) / 100 = NEW.value THEN CAST(round(NEW.value * 100) AS INTEGER) END, 0), 0))
      ON CONFLICT (day, category, bank_id) DO UPDATE SET n = n + 1, income = income + excluded.income, expenses = expenses + excluded.expenses;
  END;

CREATE INDEX transactions_odd_values ON transactions (date) WHERE NOT (abs(value) < 1e9 AND round(value * 100) / 100 = value);
