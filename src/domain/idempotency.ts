import { transactionObject, type TransactionRecord } from './transaction.js';

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
}

/**
 * What POST /transactions answers for a transaction it created, stored with the key in the same
 * transaction as the row, so a retry replays it byte for byte. A plain function of the record
 * (not a callback from the HTTP layer), so any connection or thread that writes can build it.
 */
export function createdTransactionResponse(created: TransactionRecord): StoredResponse {
  return { status: 201, location: `/transactions/${created.id}`, body: JSON.stringify(transactionObject(created)) };
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
