import type { TransactionRecord } from './transaction.js';

/** How long a key is remembered; after that, the same key starts afresh. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The first response to a request, exactly as it will be replayed. */
export interface StoredResponse {
  status: number;
  /** The Location header, when the response had one. */
  location: string | null;
  /** The JSON body as sent. */
  body: string;
}

export interface IdempotencyRequest {
  key: string;
  /** Identifies the request body: the same key with another fingerprint is a conflict. */
  fingerprint: string;
  /** Milliseconds since the epoch, recorded with the key. */
  now: number;
  /** A key recorded before this moment has expired and is reused as if new. */
  expiredBefore: number;
  /** The response to remember for a transaction created now (the store knows nothing of HTTP). */
  respond(created: TransactionRecord): StoredResponse;
}

export type IdempotentCreation =
  | { outcome: 'created' | 'replayed'; response: StoredResponse }
  | { outcome: 'mismatch' };

/** What the stores read back for a key. */
export interface IdempotencyKeyRow {
  fingerprint: string;
  status: number | null;
  location: string | null;
  body: string | null;
}

/** Turns the row found for a key already taken into the outcome for the retry. */
export function replayOf(row: IdempotencyKeyRow | undefined, fingerprint: string): IdempotentCreation {
  if (!row || row.status === null || row.body === null) {
    // Claim and completion share one transaction, so another request can never see a half-written key.
    throw new Error('idempotency key found without its response');
  }
  if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  return { outcome: 'replayed', response: { status: Number(row.status), location: row.location, body: row.body } };
}
