import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_LIFETIME_MS, type IdempotencyRequest } from '../domain/idempotency.js';
import type { Store } from '../store/store.js';

/** Expired keys are swept at most this often; until then, lookups simply ignore them. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Builds the idempotency side of a POST /transactions: the key's fingerprint (the body, with
 * property order and whitespace not mattering) and its expiry. Keys are remembered in the
 * database for 24 hours, so a retry after a restart still finds its first response.
 */
export class IdempotencyKeys {
  private nextPurge = 0;

  constructor(
    private readonly store: Pick<Store, 'idempotency'>,
    private readonly now: () => number = Date.now,
  ) {}

  async request(key: string, body: unknown): Promise<IdempotencyRequest> {
    const now = this.now();
    const expiredBefore = now - IDEMPOTENCY_KEY_LIFETIME_MS;
    if (now >= this.nextPurge) {
      this.nextPurge = now + PURGE_EVERY_MS;
      await this.store.idempotency.purge(expiredBefore);
    }
    return { key, fingerprint: fingerprint(body), now, expiredBefore };
  }
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
