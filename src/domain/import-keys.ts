import { hash } from 'node:crypto';
import { foldForMatching } from './matching-text.js';

/** Which rule made a row a duplicate: the bank's own id, or the fingerprint + occurrence. */
export type DuplicateRule = 'bank-id' | 'fingerprint';

export interface KeyedRow {
  date: string;
  description: string;
  /** The description fingerprints are computed from, when it is not `description` (see StatementRow). */
  fingerprintText?: string;
  value: number;
  bankTransactionId?: string;
  account?: string;
}

/**
 * Key from the bank's own transaction id. The account is part of it because banks number
 * transactions per account (OFX FITID), and one file may hold several accounts.
 */
export function bankIdKey(row: KeyedRow): string | null {
  if (row.bankTransactionId === undefined || row.bankTransactionId === '') return null;
  return `b:${JSON.stringify([row.account ?? '', row.bankTransactionId])}`;
}

/**
 * Key of a row whose bank id is already on a different transaction (another date or value):
 * banks do reuse references, and such a row is a transaction of its own, never a duplicate.
 * Date and value make it unique, so importing the file again finds it.
 */
export function conflictKey(row: KeyedRow): string {
  return `c:${JSON.stringify([row.account ?? '', row.bankTransactionId ?? '', row.date, String(row.value)])}`;
}

/**
 * What makes two rows "the same purchase" when the bank gives no id: account, date, value and
 * the description with case, accents and runs of whitespace ignored. Hashed so the key has a
 * fixed, small size whatever the description's length. The date leads (in clear), so a
 * statement's keys, sorted by date as banks export them, land next to each other in the unique
 * index and in the occurrence table instead of all over them: large imports stay fast.
 */
export function fingerprintOf(row: KeyedRow): string {
  const description = foldForMatching(row.fingerprintText ?? row.description).replace(/\s+/g, ' ').trim();
  // String(value) is exact for the double the parser produced; -0 and 0 both print "0".
  const material = JSON.stringify([row.account ?? '', row.date, String(row.value), description]);
  return `${row.date}:${hash('sha256', material, 'base64url').slice(0, 22)}`;
}

/** The n-th (1-based) row with this fingerprint in one file: identical twins get 1 and 2. */
export function fingerprintKey(fingerprint: string, occurrence: number): string {
  return `f:${fingerprint}:${occurrence}`;
}

/** The date a fingerprint starts with. */
export function dateOfFingerprint(fingerprint: string): string {
  return fingerprint.slice(0, fingerprint.indexOf(':'));
}

export function ruleOfKey(key: string): DuplicateRule {
  return key.startsWith('f:') ? 'fingerprint' : 'bank-id';
}
