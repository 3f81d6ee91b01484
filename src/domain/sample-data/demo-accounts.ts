/**
 * The demo's accounts (issue 23): one currency per account, each bank's transactions in its
 * bank's account, opening balances that keep every account above zero over the two years. Fixed
 * figures for DEMO_OPTIONS (seed 42, ending 2026-10-31), so the demo stays the same bytes.
 */
import type { AccountType } from '../accounts/account.js';
import type { TransactionStatus } from '../transaction.js';

export interface DemoAccountSpec {
  name: string;
  type: AccountType;
  currency: string;
  /** The bank it is at. */
  bank: string;
  /** Whether the bank's transactions go into it (one account per bank takes them; the others hold their opening balance). */
  holdsTransactions: boolean;
  openingBalance: number;
  openingDate: string;
}

/** The day before the demo's first transaction (two years ending 2026-10-31). */
const OPENING_DATE = '2024-10-31';

export const DEMO_ACCOUNTS: readonly DemoAccountSpec[] = [
  { name: 'ING Checking', type: 'checking', currency: 'EUR', bank: 'ing', holdsTransactions: true, openingBalance: 14000, openingDate: OPENING_DATE },
  { name: 'ING Savings', type: 'savings', currency: 'EUR', bank: 'ing', holdsTransactions: false, openingBalance: 8500, openingDate: OPENING_DATE },
  { name: 'Monzo Current', type: 'checking', currency: 'GBP', bank: 'monzo', holdsTransactions: true, openingBalance: 24500, openingDate: OPENING_DATE },
  { name: 'Chase Checking', type: 'checking', currency: 'USD', bank: 'chase', holdsTransactions: true, openingBalance: 20000, openingDate: OPENING_DATE },
];

/** Rows dated from this day on are not cleared yet (the demo ends 2026-10-31). */
const UNCLEARED_FROM = '2026-10-28';
/** Of those, rows from this day on are pending, at most PENDING_ROWS of them. */
const PENDING_FROM = '2026-10-30';
const PENDING_ROWS = 2;

/**
 * A demo row's status, in generation order: cleared, but for the last days' rows (uncleared) and
 * the first PENDING_ROWS of the last two days' (pending). `pendingSoFar` counts pending rows given.
 */
export function demoStatus(date: string, pendingSoFar: number): TransactionStatus | null {
  if (date < UNCLEARED_FROM) return 'cleared';
  return date >= PENDING_FROM && pendingSoFar < PENDING_ROWS ? 'pending' : null;
}
