import type { TransactionRecord } from '../transaction.js';
import { ExactSum } from '../reports/exact-sum.js';

/**
 * The ledger of accounts (issue 23; docs/accounts.md): an account's register with running
 * balances, its balance history, net worth per currency, reconciliation, and moving transactions
 * between accounts or setting their status. Shapes the store answers and the services use.
 */

/** What the ledger needs of an account. */
export interface LedgerAccount {
  id: number;
  currency: string;
  openingBalance: number | null;
}

export type RegisterOrder = 'newest' | 'oldest';

export interface RegisterQuery {
  from?: string;
  to?: string;
  limit: number;
  offset: number;
  order: RegisterOrder;
}

export interface RegisterRow {
  transaction: TransactionRecord;
  /** The account's balance after this transaction. */
  balance: number;
}

export interface RegisterPage {
  account: LedgerAccount;
  /** The rows the range holds, from the kept daily counts. */
  total: number;
  rows: RegisterRow[];
}

export interface BalancePoint {
  date: string;
  balance: number;
}

export interface CurrencyHistory {
  currency: string;
  accounts: number;
  points: BalancePoint[];
}

/** An account's cleared balance on a day, and what is not cleared up to it. */
export interface ClearedFacts {
  clearedBalance: number;
  uncleared: TransactionRecord[];
  unclearedCount: number;
}

/** How many uncleared transactions a reconciliation lists. */
export const UNCLEARED_LISTED = 500;

export type ReconcileOutcome =
  | { status: 'missing' }
  | { status: 'differs'; clearedBalance: number }
  | { status: 'reconciled'; clearedBalance: number; reconciled: number };

/** A status a person sets; `reconciled` only comes from completing a reconciliation. */
export type SettableStatus = 'cleared' | 'pending' | null;

export type MoveOutcome =
  | { status: 'missing-account' }
  | { status: 'currency'; count: number; currency: string }
  | { status: 'reconciled'; count: number }
  | { status: 'moved'; moved: number };

export type StatusOutcome = { status: 'no-account'; count: number } | { status: 'reconciled'; count: number } | { status: 'changed'; changed: number };

/** a − b, exact (both read as the decimals they stand for). */
export function exactDifference(a: number, b: number): number {
  const sum = new ExactSum();
  sum.addValue(a);
  sum.addValue(-b);
  return sum.toNumber();
}
