import { invalidField, type FieldLocation } from '../errors.js';
import { nameProblem, normaliseName } from '../names.js';
import { currencyDecimals, hasAtMostDecimals } from './currencies.js';

/** What an account is (issue 23; docs/accounts.md). */
export const ACCOUNT_TYPES = ['checking', 'savings', 'credit_card', 'cash', 'loan', 'investment', 'other_asset', 'other_liability'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** An account as the store keeps it. */
export interface AccountRecord {
  id: number;
  name: string;
  type: AccountType;
  currency: string;
  bankId: string | null;
  iban: string | null;
  accountNumber: string | null;
  openingBalance: number | null;
  openingDate: string | null;
  closedOn: string | null;
  lastReconciled: { date: string; balance: number } | null;
}

/** The balances of an account (AccountBalance in the contract). */
export interface AccountBalance {
  current: number;
  cleared: number;
  pending: number;
  /** The newest transaction's date, else the opening date; null when neither. */
  asOf: string | null;
}

export interface AccountWithBalance extends AccountRecord {
  balance: AccountBalance;
}

export interface NewAccount {
  name: string;
  type: AccountType;
  currency: string;
  bankId: string | null;
  iban: string | null;
  accountNumber: string | null;
  openingBalance: number | null;
  openingDate: string | null;
}

/** A PATCH: each property present is set (null clears an optional one). */
export type AccountChanges = Partial<Omit<NewAccount, 'name' | 'type' | 'currency'>> &
  Partial<Pick<NewAccount, 'name' | 'type' | 'currency'>> & { closedOn?: string | null };

/** Where an account's transactions go when it is removed. */
export type AccountRemovalChoice = { transactions: 'move'; moveTo: number } | { transactions: 'unassign' } | { transactions: 'trash' };

/** The stored spelling of an account's name, or a 400 naming `field`. */
export function checkedAccountName(name: string, location: FieldLocation, field: string): string {
  const normal = normaliseName(name);
  const problem = nameProblem(normal);
  if (problem) throw invalidField(location, field, problem);
  return normal;
}

/** The decimals of an account's currency, or a 400 naming `field` for a code that is no currency. */
export function checkedCurrency(code: string, location: FieldLocation, field: string): number {
  const decimals = currencyDecimals(code);
  if (decimals === undefined) throw invalidField(location, field, `is not an ISO 4217 currency code Moneta knows ("${code}")`);
  return decimals;
}

/** An amount in a currency with `decimals`, or a 400 naming `field`. */
export function checkAmount(value: number, currency: string, decimals: number, location: FieldLocation, field: string): void {
  if (!hasAtMostDecimals(value, decimals)) {
    throw invalidField(location, field, `has more decimals than ${currency} has (${decimals})`);
  }
}

/** The IBAN without spaces, upper case, or a 400 naming `field` (ISO 13616: country, check digits, mod 97). */
export function checkedIban(text: string, location: FieldLocation, field: string): string {
  const iban = text.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) {
    throw invalidField(location, field, 'is not an IBAN: two letters, two check digits and 11 to 30 letters or digits');
  }
  if (ibanRemainder(iban) !== 1) throw invalidField(location, field, 'is not an IBAN: its check digits do not match');
  return iban;
}

/** The IBAN's mod-97 remainder (1 for a valid one), computed piecewise so no number grows large. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** An account number as stored: single spaces, trimmed. */
export function normalisedAccountNumber(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** `DE89 •••• 3000`: the country and check digits and the last four characters of an IBAN. */
export function maskedIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** `•••• 6789`: the last four characters of an account number. */
export function maskedAccountNumber(number: string): string {
  const plain = number.replace(/[ -]/g, '');
  return plain.length <= 4 ? '••••' : `•••• ${plain.slice(-4)}`;
}

/**
 * The contract's AccountRecord for a record: properties in the contract's order, optional ones
 * left out, so JSON.stringify writes what the serialiser writes (the change feed's pages).
 */
export function accountRecordObject(account: AccountRecord): object {
  const body: Record<string, unknown> = { id: account.id, name: account.name, type: account.type, currency: account.currency };
  if (account.bankId !== null) body.bankId = account.bankId;
  if (account.iban !== null) body.iban = account.iban;
  if (account.accountNumber !== null) body.accountNumber = account.accountNumber;
  if (account.openingBalance !== null) body.openingBalance = account.openingBalance;
  if (account.openingDate !== null) body.openingDate = account.openingDate;
  if (account.closedOn !== null) body.closedOn = account.closedOn;
  if (account.lastReconciled !== null) body.lastReconciled = { date: account.lastReconciled.date, balance: account.lastReconciled.balance };
  return body;
}
