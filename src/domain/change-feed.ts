import { accountRecordObject, type AccountRecord } from './accounts/account.js';
import type { TransferLink } from './transfers/transfer.js';
import { transactionObject, type Bank, type Category, type TransactionRecord } from './transaction.js';

/** Which store, and which life of it (a restore starts another), a cursor came from (migration 0015). */
export interface FeedOrigin {
  store: string;
  epoch: string;
}

/**
 * A place in the change feed: after the change of kind `phase` with `key` in the commit `seq`,
 * of the feed `origin` names. Clients see it as an opaque text (encodeCursor); it stays valid
 * across restarts, as it names data, not a server's memory. Without an origin it is a place
 * only: the feed's start, or a cursor the store's own callers build (never one a client sent).
 */
export interface ChangeCursor {
  seq: number;
  phase: number;
  key: number | string | null;
  origin?: FeedOrigin;
}

/** A cursor as the store hands it out: with the origin it belongs to. */
export type PlacedCursor = ChangeCursor & { origin: FeedOrigin };

/** Before every change. */
export const FEED_START: ChangeCursor = { seq: 0, phase: 0, key: null };

/** The highest kind of change (store/changes/change-feed-queries.ts CHANGE_PHASES: transfers' removals, migration 0021). */
export const LAST_CHANGE_PHASE = 10;

/** What the store knows of its feed when it answers a page: whose it is, how far it goes, what it forgot. */
export interface FeedState {
  origin: FeedOrigin;
  /** The largest seq of the feed: no cursor handed out in this epoch is past it. */
  last: number;
  /** Cursors below this seq are older than a purge of deletions. */
  purgedThrough: number;
}

/**
 * Why the store cannot continue from a cursor: older than a purge, from another store, from
 * another epoch of this store (before a restore), or past the end of the feed (a cursor of a
 * later state of this store than the one restored, or forged).
 */
export type CursorRefusal = 'purged' | 'other-store' | 'other-epoch' | 'future';

/** The page a refused cursor gets instead of changes. */
export interface RefusedCursor {
  refused: CursorRefusal;
}

/** Whether the feed `state` describes can continue exactly from `cursor`; null when it can. */
export function cursorRefusal(cursor: ChangeCursor, state: FeedState): CursorRefusal | null {
  if (cursor.origin && cursor.origin.store !== state.origin.store) return 'other-store';
  if (cursor.origin && cursor.origin.epoch !== state.origin.epoch) return 'other-epoch';
  if (cursor.seq > state.last) return 'future';
  if (cursor.seq > 0 && cursor.seq < state.purgedThrough) return 'purged';
  return null;
}

export type Change =
  | { type: 'transaction'; op: 'put'; transaction: TransactionRecord }
  | { type: 'transaction'; op: 'delete'; id: number }
  | { type: 'bank'; op: 'put'; bank: Bank }
  | { type: 'bank'; op: 'delete'; id: string }
  | { type: 'category'; op: 'put'; category: Category }
  | { type: 'category'; op: 'delete'; name: string }
  | { type: 'account'; op: 'put'; account: AccountRecord }
  | { type: 'account'; op: 'delete'; id: number }
  | { type: 'transfer'; op: 'put'; transfer: TransferLink }
  | { type: 'transfer'; op: 'delete'; id: number };

export interface ChangePage {
  changes: Change[];
  /** Where the next call starts: after the last change listed (the same place when none), in this feed. */
  next: PlacedCursor;
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
    case 'account':
      return change.op === 'put' ? { type: 'account', op: 'put', account: accountRecordObject(change.account) } : change;
    case 'transfer':
      return change;
  }
}

/** The cursor as clients see it: [store, epoch, seq, phase, key] as JSON, base64url. */
export function encodeCursor(cursor: PlacedCursor): string {
  return Buffer.from(JSON.stringify([cursor.origin.store, cursor.origin.epoch, cursor.seq, cursor.phase, cursor.key]), 'utf8').toString('base64url');
}

/** The text of a cursor of Moneta before migration 0015: [seq, phase, key], naming no store. */
function encodeUnplaced(cursor: ChangeCursor): string {
  return Buffer.from(JSON.stringify([cursor.seq, cursor.phase, cursor.key]), 'utf8').toString('base64url');
}

/**
 * The cursor a text names, or null when it is not one a Moneta server wrote. A cursor of a
 * Moneta before cursors named their store ([seq, phase, key]) is returned without an origin, so
 * the caller can refuse it as such (ChangesService).
 */
export function decodeCursor(text: string): ChangeCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || (parsed.length !== 3 && parsed.length !== 5)) return null;
  const placed = parsed.length === 5;
  const [store, epoch] = placed ? (parsed as unknown[]) : [];
  const [seq, phase, key] = (placed ? parsed.slice(2) : parsed) as unknown[];
  if (placed && !(isName(store) && isName(epoch))) return null;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0 || !Number.isSafeInteger(phase) || (phase as number) < 0 || (phase as number) > LAST_CHANGE_PHASE) return null;
  if (!(key === null || typeof key === 'string' || Number.isSafeInteger(key))) return null;
  if ((phase === 0) !== (key === null)) return null;
  // Re-encoding must give the text back: one cursor, one spelling.
  const position = { seq: seq as number, phase: phase as number, key: key as number | string | null };
  if (!placed) return encodeUnplaced(position) === text ? position : null;
  const cursor: PlacedCursor = { ...position, origin: { store: store as string, epoch: epoch as string } };
  return encodeCursor(cursor) === text ? cursor : null;
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{1,64}$/.test(value);
}
