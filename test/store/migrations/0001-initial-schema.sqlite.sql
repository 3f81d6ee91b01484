-- 0001-initial-schema on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE banks (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      aggregator_id TEXT
    );

CREATE TABLE categories (
      name TEXT PRIMARY KEY NOT NULL,
      group_name TEXT
    );

CREATE TABLE transactions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      date TEXT NOT NULL,
      description TEXT NOT NULL,
      description_folded TEXT NOT NULL,
      value REAL NOT NULL,
      category TEXT REFERENCES categories(name) ON UPDATE CASCADE,
      bank_id TEXT REFERENCES banks(id)
    );

CREATE INDEX transactions_category_id ON transactions (category, id);

CREATE INDEX transactions_bank_id ON transactions (bank_id, id);
