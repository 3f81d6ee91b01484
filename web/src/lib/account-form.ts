import type { components } from '../../../src/http/contract.gen.js';
import type { Account, AccountType } from './accounts.js';
import { currencyDecimals, decimalText, parseTypedAmount } from './money.js';

type NewAccount = components['schemas']['NewAccount'];
type AccountUpdate = components['schemas']['AccountUpdate'];

/** The account form as typed: every field text, '' for none. */
export interface AccountDraft {
  name: string;
  type: AccountType;
  currency: string;
  bankId: string;
  /** An IBAN, or an account number where there is none. */
  number: string;
  openingBalance: string;
  openingDate: string;
}

export type AccountField = 'name' | 'type' | 'currency' | 'bankId' | 'number' | 'openingBalance' | 'openingDate' | 'form';

/** Which form field each of the API's field names is shown at (createAccount, updateAccount). */
export const ACCOUNT_FIELDS: Record<string, AccountField> = {
  'body:name': 'name',
  'body:type': 'type',
  'body:currency': 'currency',
  'body:bankId': 'bankId',
  'body:iban': 'number',
  'body:accountNumber': 'number',
  'body:openingBalance': 'openingBalance',
  'body:openingDate': 'openingDate',
};

export function draftOf(account: Account | null, defaultCurrency = 'EUR'): AccountDraft {
  return {
    name: account?.name ?? '',
    type: account?.type ?? 'checking',
    currency: account?.currency ?? defaultCurrency,
    bankId: account?.bankId ?? '',
    number: account?.iban ?? account?.accountNumber ?? '',
    openingBalance: account?.openingBalance === undefined ? '' : String(account.openingBalance),
    openingDate: account?.openingDate ?? '',
  };
}

/** An IBAN starts with two letters and two check digits; anything else is an account number. */
const looksLikeIban = (number: string) => /^[A-Za-z]{2}\d{2}/.test(number.replace(/\s/g, ''));

type Checked<T> = { body: T } | { errors: Partial<Record<AccountField, string>> };

/** The opening balance as a JSON number (no more decimals than the currency), or the field's error. */
function opening(draft: AccountDraft): { value: number | null } | { error: string } {
  if (draft.openingBalance.trim() === '') return { value: null };
  const decimals = /^[A-Z]{3}$/.test(draft.currency.trim().toUpperCase()) ? currencyDecimals(draft.currency.trim().toUpperCase()) : 2;
  const parsed = parseTypedAmount(draft.openingBalance, decimals);
  if (parsed === null) return { error: `an amount with at most ${decimals} decimals, such as ${(1234.5).toFixed(decimals)}` };
  return { value: Number(decimalText(parsed)) };
}

/** createAccount's body from the form, or the errors the form can tell before asking. */
export function newAccountBody(draft: AccountDraft): Checked<NewAccount> {
  const balance = opening(draft);
  if ('error' in balance) return { errors: { openingBalance: balance.error } };
  const number = draft.number.trim();
  return {
    body: {
      name: draft.name.trim(),
      type: draft.type,
      currency: draft.currency.trim().toUpperCase(),
      ...(draft.bankId !== '' && { bankId: draft.bankId }),
      ...(number !== '' && (looksLikeIban(number) ? { iban: number } : { accountNumber: number })),
      ...(balance.value !== null && { openingBalance: balance.value }),
      ...(draft.openingDate !== '' && { openingDate: draft.openingDate }),
    },
  };
}

/** updateAccount's body: only what changed (`null` removes an optional property); null when nothing did. */
export function accountPatch(account: Account, draft: AccountDraft): Checked<AccountUpdate> | null {
  const was = draftOf(account);
  const patch: AccountUpdate = {};
  if (draft.name.trim() !== was.name) patch.name = draft.name.trim();
  if (draft.type !== was.type) patch.type = draft.type;
  if (draft.currency.trim().toUpperCase() !== was.currency) patch.currency = draft.currency.trim().toUpperCase();
  if (draft.bankId !== was.bankId) patch.bankId = draft.bankId === '' ? null : draft.bankId;
  const number = draft.number.trim();
  if (number.replace(/\s/g, '') !== was.number.replace(/\s/g, '')) {
    if (number === '') {
      if (account.iban !== undefined) patch.iban = null;
      if (account.accountNumber !== undefined) patch.accountNumber = null;
    } else if (looksLikeIban(number)) {
      patch.iban = number;
      if (account.accountNumber !== undefined) patch.accountNumber = null;
    } else {
      patch.accountNumber = number;
      if (account.iban !== undefined) patch.iban = null;
    }
  }
  const balance = opening(draft);
  if ('error' in balance) return { errors: { openingBalance: balance.error } };
  if (balance.value !== (account.openingBalance ?? null)) patch.openingBalance = balance.value;
  if (draft.openingDate !== was.openingDate) patch.openingDate = draft.openingDate === '' ? null : draft.openingDate;
  return Object.keys(patch).length === 0 ? null : { body: patch };
}

/** What removing an account does with its transactions. */
export interface AccountRemovalChoice {
  transactions: 'move' | 'unassign' | 'trash';
  /** The account that receives them ('' while none is chosen). */
  moveTo: string;
  force: boolean;
}

export type AccountRemovalQuery = { transactions?: 'move' | 'unassign' | 'trash'; moveTo?: number; force?: boolean };

/** deleteAccount's query: `transactions` only when there are some, `moveTo` only when they move, `force` only when asked. */
export function accountRemovalQuery(choice: AccountRemovalChoice, transactions: number): AccountRemovalQuery {
  if (transactions === 0) return {};
  return {
    transactions: choice.transactions,
    ...(choice.transactions === 'move' && choice.moveTo !== '' && { moveTo: Number(choice.moveTo) }),
    ...(choice.force && { force: true }),
  };
}

/** The accounts that can receive another's transactions: the same currency, open, not itself. */
export function moveTargets(accounts: readonly Account[], from: Account): Account[] {
  return accounts.filter((each) => each.id !== from.id && each.currency === from.currency && each.closedOn === undefined);
}

/** The sentence a removal is confirmed with. */
export function accountRemovalSentence(account: Account, choice: AccountRemovalChoice, transactions: number, accountName: (id: string) => string, locale: string): string {
  if (transactions === 0) return `${account.name} has no transactions; it will be removed.`;
  const count = `${new Intl.NumberFormat(locale).format(transactions)} transaction${transactions === 1 ? '' : 's'}`;
  const fate =
    choice.transactions === 'move'
      ? `${count} will move to ${choice.moveTo === '' ? 'the account you choose' : accountName(choice.moveTo)}`
      : choice.transactions === 'unassign'
        ? `${count} will stay, in no account`
        : `${count} will be moved to the trash (restorable)`;
  return `${account.name} will be removed: ${fate}.`;
}
