import { ExactSum } from '../reports/exact-sum.js';
import type { AccountBalance } from './account.js';

/** The sums of an account's transactions of one status ('' for none), as the store keeps them. */
export interface StatusTotals {
  status: string;
  /** The sum of the whole-cent values, in cents, as decimal text (never rounded). */
  cents: string;
  /** The values that are not whole cents, one by one. */
  odd: readonly number[];
}

/** Statuses whose transactions count in the cleared balance. */
const CLEARED = new Set(['cleared', 'reconciled']);

/**
 * An account's balances, exact (docs/accounts.md): `current` = opening + every transaction,
 * `cleared` = opening + cleared and reconciled ones, `pending` = the pending ones.
 */
export function accountBalance(opening: number | null, totals: readonly StatusTotals[], asOf: string | null): AccountBalance {
  const current = new ExactSum();
  const cleared = new ExactSum();
  const pending = new ExactSum();
  if (opening !== null) {
    current.addValue(opening);
    cleared.addValue(opening);
  }
  for (const { status, cents, odd } of totals) {
    const part = new ExactSum();
    part.addCents(cents);
    for (const value of odd) part.addValue(value);
    current.addSum(part);
    if (CLEARED.has(status)) cleared.addSum(part);
    if (status === 'pending') pending.addSum(part);
  }
  return { current: current.toNumber(), cleared: cleared.toNumber(), pending: pending.toNumber(), asOf };
}
