-- 0002-import-and-rules on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE transactions ADD COLUMN import_key TEXT;

CREATE TABLE rules (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      category TEXT NOT NULL,
      description_contains TEXT,
      description_pattern TEXT,
      min_value REAL,
      max_value REAL,
      bank_id TEXT REFERENCES banks(id) ON DELETE CASCADE,
      priority INTEGER NOT NULL DEFAULT 0
    );

CREATE UNIQUE INDEX transactions_bank_import_key ON transactions (bank_id, import_key) WHERE import_key IS NOT NULL;

CREATE INDEX rules_priority_id ON rules (priority DESC, id);
