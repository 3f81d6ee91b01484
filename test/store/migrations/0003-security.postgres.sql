-- 0003-security on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE api_tokens (
      name text COLLATE "C" PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      read_only integer NOT NULL,
      created_at text NOT NULL
    );

CREATE TABLE idempotency_keys (
      key text COLLATE "C" PRIMARY KEY,
      fingerprint text NOT NULL,
      created_at bigint NOT NULL,
      transaction_id bigint,
      status integer,
      location text,
      body text
    );

CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
