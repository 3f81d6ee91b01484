-- 0003-security on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE api_tokens (
      name TEXT PRIMARY KEY NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      read_only INTEGER NOT NULL,
      created_at TEXT NOT NULL
    );

CREATE TABLE idempotency_keys (
      key TEXT PRIMARY KEY NOT NULL,
      fingerprint TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      transaction_id INTEGER,
      status INTEGER,
      location TEXT,
      body TEXT
    );

CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
