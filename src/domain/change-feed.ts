import { transactionObject, type Bank, type Category, type TransactionRecord } from './transaction.js';

/**
 * A place in the change feed: after the change of kind `phase` with `key` in the commit `seq`.
 * Clients see it as an opaque text (encodeCursor); it stays valid across restarts, as it names
 * data, not a server's memory.
 */
export interface ChangeCursor {
  seq: number;
  phase: number;
  key: number | string | null;
}

/** Before every change. */
export const FEED_START: ChangeCursor = { seq: 0, phase: 0, key: null };

export type Change =
  | { type: 'transaction'; op: 'put'; transaction: TransactionRecord }
  | { type: 'transaction'; op: 'delete'; id: number }
  | { type: 'bank'; op: 'put'; bank: Bank }
  | { type: 'bank'; op: 'delete'; id: string }
  | { type: 'category'; op: 'put'; category: Category }
  | { type: 'category'; op: 'delete'; name: string };

export interface ChangePage {
  changes: Change[];
  /** Where the next call starts: after the last change listed (the same cursor when none). */
  next: ChangeCursor;
  /** More changes were already committed after `next`. */
  more: boolean;
}

/**
 * A change as the contract's object (http/presenters.ts's presentChange is the same, typed
 * against the contract), properties in the contract's order and optional ones left out, so
 * JSON.stringify writes what the listChanges route's serialiser writes for it.
 */
export function changeObject(change: Change): object {
  switch (change.type) {
    case 'transaction':
      return change.op === 'put' ? { type: 'transaction', op: 'put', transaction: transactionObject(change.transaction) } : change;
    case 'bank': {
      if (change.op === 'delete') return change;
      const { id, name, aggregatorId } = change.bank;
      return { type: 'bank', op: 'put', bank: aggregatorId === null ? { id, name } : { id, name, aggregatorId } };
    }
    case 'category': {
      if (change.op === 'delete') return change;
      const { name, group } = change.category;
      return { type: 'category', op: 'put', category: group === null ? { name } : { name, group: { name: group } } };
    }
  }
}

export function encodeCursor(cursor: ChangeCursor): string {
  return Buffer.from(JSON.stringify([cursor.seq, cursor.phase, cursor.key]), 'utf8').toString('base64url');
}

/** The cursor a text names, or null when it is not one this server wrote. */
export function decodeCursor(text: string): ChangeCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [seq, phase, key] = parsed as unknown[];
  if (!Number.isSafeInteger(seq) || (seq as number) < 0 || !Number.isSafeInteger(phase) || (phase as number) < 0 || (phase as number) > 6) return null;
  if (!(key === null || typeof key === 'string' || Number.isSafeInteger(key))) return null;
  if ((phase === 0) !== (key === null)) return null;
  // Re-encoding must give the text back: one cursor, one spelling.
  const cursor = { seq: seq as number, phase: phase as number, key: key as number | string | null };
  return encodeCursor(cursor) === text ? cursor : null;
}
