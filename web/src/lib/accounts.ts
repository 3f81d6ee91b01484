import type { components } from '../../../src/http/contract.gen.js';
import { add, decimalOf, isZero, subtract, sum, ZERO, type Decimal } from './money.js';

export type Account = components['schemas']['Account'];
export type AccountType = components['schemas']['AccountType'];

/** The types in the order the sidebar shows them, with their words. */
export const ACCOUNT_TYPES: ReadonlyArray<{ type: AccountType; label: string; plural: string }> = [
  { type: 'checking', label: 'Checking', plural: 'Checking' },
  { type: 'savings', label: 'Savings', plural: 'Savings' },
  { type: 'credit_card', label: 'Credit card', plural: 'Credit cards' },
  { type: 'cash', label: 'Cash', plural: 'Cash' },
  { type: 'loan', label: 'Loan', plural: 'Loans' },
  { type: 'investment', label: 'Investment', plural: 'Investments' },
  { type: 'other_asset', label: 'Other asset', plural: 'Other assets' },
  { type: 'other_liability', label: 'Other liability', plural: 'Other liabilities' },
];

export function typeLabel(type: AccountType): string {
  return ACCOUNT_TYPES.find((each) => each.type === type)?.label ?? type;
}

export interface AccountGroup {
  type: AccountType;
  label: string;
  accounts: Account[];
}

/** The accounts by type in ACCOUNT_TYPES' order, by name within a type; closed ones only when asked. */
export function groupByType(accounts: readonly Account[], withClosed: boolean): AccountGroup[] {
  const shown = accounts.filter((account) => withClosed || account.closedOn === undefined);
  return ACCOUNT_TYPES.map(({ type, plural }) => ({
    type,
    label: plural,
    accounts: shown.filter((account) => account.type === type).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((group) => group.accounts.length > 0);
}

export interface CurrencyTotal {
  currency: string;
  total: Decimal;
  accounts: number;
}

/**
 * Net worth: the current balances of the open accounts summed exactly, one total per currency
 * (currencies are never added together), in alphabetical order of the currency code. A liability's
 * balance is already negative, so it is added as it is.
 */
export function netWorthByCurrency(accounts: readonly Account[]): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const account of accounts) {
    if (account.closedOn !== undefined) continue;
    const was = totals.get(account.currency) ?? { currency: account.currency, total: ZERO, accounts: 0 };
    totals.set(account.currency, { currency: account.currency, total: add(was.total, decimalOf(account.balance.current)), accounts: was.accounts + 1 });
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The reconcile screen's difference: the statement's balance minus the cleared balance the server
 * computed, minus the rows ticked since (they are cleared now, but the preview was read before).
 */
export function reconcileDifference(statementBalance: Decimal, clearedBalance: number, tickedAmounts: Iterable<number>): Decimal {
  return subtract(subtract(statementBalance, decimalOf(clearedBalance)), sum(tickedAmounts));
}

export const agrees = isZero;

/** An IBAN or account number with all but its last four characters hidden (the server's masking, for a full number it sent). */
export function maskedNumber(number: string | undefined): string | undefined {
  if (number === undefined) return undefined;
  const compact = number.replace(/\s/g, '');
  return compact.length <= 4 ? compact : `${'•'.repeat(Math.min(compact.length - 4, 8))}${compact.slice(-4)}`;
}

/** The twelve months ending with the month of `to`: from the first day of the month eleven months before. */
export function yearTo(to: string): { from: string; to: string } {
  const year = Number(to.slice(0, 4));
  const month = Number(to.slice(5, 7));
  const start = new Date(Date.UTC(year, month - 12, 1));
  return { from: start.toISOString().slice(0, 10), to };
}
