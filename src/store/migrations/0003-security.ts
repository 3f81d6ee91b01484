import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * API tokens and idempotency keys (see src/security/).
 * - api_tokens keeps only the SHA-256 of each token, never the token.
 * - idempotency_keys keeps the first response to a POST /transactions made with an
 *   Idempotency-Key, written in the same transaction as the transaction it created.
 *   created_at is milliseconds since the epoch (int8 on PostgreSQL), so expiry is a plain comparison.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine === 'sqlite') {
    await sql`CREATE TABLE api_tokens (
      name TEXT PRIMARY KEY NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      read_only INTEGER NOT NULL,
      created_at TEXT NOT NULL
    )`.execute(db);
    await sql`CREATE TABLE idempotency_keys (
      key TEXT PRIMARY KEY NOT NULL,
      fingerprint TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      transaction_id INTEGER,
      status INTEGER,
      location TEXT,
      body TEXT
    )`.execute(db);
  } else {
    await sql`CREATE TABLE api_tokens (
      name text COLLATE "C" PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      read_only integer NOT NULL,
      created_at text NOT NULL
    )`.execute(db);
    await sql`CREATE TABLE idempotency_keys (
      key text COLLATE "C" PRIMARY KEY,
      fingerprint text NOT NULL,
      created_at bigint NOT NULL,
      transaction_id bigint,
      status integer,
      location text,
      body text
    )`.execute(db);
  }
  await sql`CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`.execute(db);
}
