import type { CompiledQuery, Kysely } from 'kysely';
import type { ApiTokenRecord } from '../../domain/api-token.js';
import type { IdempotencyKeyRow, StoredResponse } from '../../domain/idempotency.js';
import { compileOnce } from '../engine/compile-once.js';
import type { Database } from '../engine/schema.js';

/** Tables of migration 0003, as the query builder sees them. */
// A type alias, not an interface: withTables() needs an index-compatible record type.
export type SecurityTables = {
  api_tokens: {
    name: string;
    token_hash: string;
    /** 0 or 1 on both engines. */
    read_only: number;
    created_at: string;
  };
  idempotency_keys: {
    key: string;
    fingerprint: string;
    created_at: number;
    transaction_id: number | null;
    status: number | null;
    location: string | null;
    body: string | null;
  };
};

export interface ApiTokenRow {
  name: string;
  token_hash: string;
  read_only: number;
  created_at: string;
}

/** The statements behind tokens and idempotency keys, shared by both engines like queries.ts. */
export class SecurityQueries {
  private readonly db: Kysely<Database & SecurityTables>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<SecurityTables>();
  }

  listApiTokens(): CompiledQuery<ApiTokenRow> {
    return this.db.selectFrom('api_tokens').select(['name', 'token_hash', 'read_only', 'created_at']).orderBy('name', 'asc').compile();
  }

  insertApiToken(token: ApiTokenRecord): CompiledQuery {
    return this.db
      .insertInto('api_tokens')
      .values({ name: token.name, token_hash: token.hash, read_only: token.readOnly ? 1 : 0, created_at: token.createdAt })
      .onConflict((oc) => oc.doNothing())
      .compile();
  }

  deleteApiToken(name: string): CompiledQuery {
    return this.db.deleteFrom('api_tokens').where('name', '=', name).compile();
  }

  /** Frees one key whose time is up, so it can be claimed again. */
  deleteExpiredKey(key: string, expiredBefore: number): CompiledQuery {
    return this.expiredKeyDelete({ key, expiredBefore });
  }

  deleteExpiredKeys(expiredBefore: number): CompiledQuery {
    return this.db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).compile();
  }

  /**
   * Returns a row only to the one request that takes the key. On PostgreSQL a concurrent claim
   * of the same key waits here until the first transaction ends, then gets nothing.
   */
  claimKey(key: string, fingerprint: string, now: number): CompiledQuery<{ key: string }> {
    return this.keyClaim({ key, fingerprint, now });
  }

  /** Frees a key claimed by a request that then created nothing. */
  releaseKey(key: string): CompiledQuery {
    return this.db.deleteFrom('idempotency_keys').where('key', '=', key).compile();
  }

  findKey(key: string): CompiledQuery<IdempotencyKeyRow> {
    return this.keyById({ key });
  }

  completeKey(key: string, transactionId: number, response: StoredResponse): CompiledQuery {
    return this.keyCompletion({ key, transactionId, status: response.status, location: response.location, body: response.body });
  }

  // The statements of every POST with an Idempotency-Key, compiled once (compile-once.ts).
  private readonly expiredKeyDelete = compileOnce(['key', 'expiredBefore'], ({ key, expiredBefore }: { key: string; expiredBefore: number }) =>
    this.db.deleteFrom('idempotency_keys').where('key', '=', key).where('created_at', '<', expiredBefore).compile(),
  );

  private readonly keyClaim = compileOnce(['key', 'fingerprint', 'now'], ({ key, fingerprint, now }: { key: string; fingerprint: string; now: number }) =>
    this.db
      .insertInto('idempotency_keys')
      .values({ key, fingerprint, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .compile(),
  );

  private readonly keyById = compileOnce(['key'], ({ key }: { key: string }) =>
    this.db.selectFrom('idempotency_keys').select(['fingerprint', 'status', 'location', 'body']).where('key', '=', key).compile(),
  );

  private readonly keyCompletion = compileOnce(
    ['key', 'transactionId', 'status', 'location', 'body'],
    (values: { key: string; transactionId: number; status: number; location: string | null; body: string }) =>
      this.db
        .updateTable('idempotency_keys')
        .set({ transaction_id: values.transactionId, status: values.status, location: values.location, body: values.body })
        .where('key', '=', values.key)
        .compile(),
  );
}

export function toApiToken(row: ApiTokenRow): ApiTokenRecord {
  return { name: row.name, hash: row.token_hash, readOnly: Number(row.read_only) === 1, createdAt: row.created_at };
}
