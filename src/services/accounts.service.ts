import {
  checkAmount,
  checkedAccountName,
  checkedCurrency,
  checkedIban,
  normalisedAccountNumber,
  type AccountChanges,
  type AccountRecord,
  type AccountRemovalChoice,
  type AccountType,
  type AccountWithBalance,
} from '../domain/accounts/account.js';
import { isCurrency } from '../domain/accounts/currencies.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { RemoveAccountOutcome, Store } from '../store/store.js';

/** The default currency of a store that never chose one. */
export const FALLBACK_CURRENCY = 'EUR';

/** An account as a client writes it (NewAccount); absent optional fields are undefined. */
export interface AccountInput {
  name: string;
  type: AccountType;
  currency?: string;
  bankId?: string;
  iban?: string;
  accountNumber?: string;
  openingBalance?: number;
  openingDate?: string;
}

/** A PATCH as a client writes it: null clears an optional field. */
export interface AccountUpdateInput {
  name?: string;
  type?: AccountType;
  currency?: string;
  bankId?: string | null;
  iban?: string | null;
  accountNumber?: string | null;
  openingBalance?: number | null;
  openingDate?: string | null;
  closedOn?: string | null;
}

export interface AccountRemovalInput {
  transactions?: 'move' | 'unassign' | 'trash';
  moveTo?: number;
  force?: boolean;
}

export type AccountRemoved = Extract<RemoveAccountOutcome, { status: 'removed' }>;

/**
 * Accounts (issue 23; docs/accounts.md): the rules beyond the contract's schema and which field a
 * problem names. The same for the HTTP API and `moneta accounts`; `names` spells the fields
 * (body properties or flags).
 */
export class AccountsService {
  constructor(
    private readonly store: Pick<Store, 'accounts'>,
    private readonly now: () => number = Date.now,
  ) {}

  list(): Promise<AccountWithBalance[]> {
    return this.store.accounts.list();
  }

  async get(id: number): Promise<AccountWithBalance> {
    const account = await this.store.accounts.get(id);
    if (!account) throw notFound(id);
    return account;
  }

  async create(input: AccountInput): Promise<AccountWithBalance> {
    const currency = input.currency ?? (await this.defaultCurrency());
    const decimals = checkedCurrency(currency, 'body', 'currency');
    if ((input.openingBalance === undefined) !== (input.openingDate === undefined)) {
      const missing = input.openingBalance === undefined ? 'openingBalance' : 'openingDate';
      throw invalidField('body', missing, 'must be given with openingBalance and openingDate together (the balance on that day)');
    }
    if (input.openingBalance !== undefined) checkAmount(input.openingBalance, currency, decimals, 'body', 'openingBalance');
    const outcome = await this.store.accounts.create({
      name: checkedAccountName(input.name, 'body', 'name'),
      type: input.type,
      currency,
      bankId: input.bankId ?? null,
      iban: input.iban === undefined ? null : checkedIban(input.iban, 'body', 'iban'),
      accountNumber: input.accountNumber === undefined ? null : normalisedAccountNumber(input.accountNumber),
      openingBalance: input.openingBalance ?? null,
      openingDate: input.openingDate ?? null,
    });
    if (outcome.status === 'name-taken') throw nameTaken(input.name);
    if (outcome.status === 'unknown-bank') throw invalidField('body', 'bankId', `names no known bank ("${input.bankId}")`);
    return this.get(outcome.account.id);
  }

  async update(id: number, input: AccountUpdateInput): Promise<AccountWithBalance> {
    const existing = await this.store.accounts.find(id);
    if (!existing) throw notFound(id);
    const changes: AccountChanges = {};
    if (input.name !== undefined) changes.name = checkedAccountName(input.name, 'body', 'name');
    if (input.type !== undefined) changes.type = input.type;
    const currency = input.currency ?? existing.currency;
    const decimals = checkedCurrency(currency, 'body', 'currency');
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.bankId !== undefined) changes.bankId = input.bankId;
    if (input.iban !== undefined) changes.iban = input.iban === null ? null : checkedIban(input.iban, 'body', 'iban');
    if (input.accountNumber !== undefined) changes.accountNumber = input.accountNumber === null ? null : normalisedAccountNumber(input.accountNumber);
    if (input.openingBalance !== undefined) changes.openingBalance = input.openingBalance;
    if (input.openingDate !== undefined) changes.openingDate = input.openingDate;
    if (input.closedOn !== undefined) changes.closedOn = input.closedOn;
    const balance = changes.openingBalance === undefined ? existing.openingBalance : changes.openingBalance;
    const date = changes.openingDate === undefined ? existing.openingDate : changes.openingDate;
    if ((balance === null) !== (date === null)) {
      // Name the one the request left as it was: it must change too.
      const missing = input.openingDate === undefined ? 'openingDate' : input.openingBalance === undefined ? 'openingBalance' : balance === null ? 'openingBalance' : 'openingDate';
      throw invalidField('body', missing, 'must be given too: the opening balance and its date are set, or cleared with null, together');
    }
    if (balance !== null) checkAmount(balance, currency, decimals, 'body', 'openingBalance');
    const outcome = await this.store.accounts.update(id, changes);
    switch (outcome.status) {
      case 'missing':
        throw notFound(id);
      case 'name-taken':
        throw nameTaken(input.name ?? '');
      case 'unknown-bank':
        throw invalidField('body', 'bankId', `names no known bank ("${input.bankId}")`);
      case 'currency-in-use':
        throw new DomainError('conflict', `currency cannot change: the account holds ${outcome.transactions} transactions in ${existing.currency}`, [
          { in: 'body', name: 'currency', message: `cannot change while the account holds transactions (${outcome.transactions})` },
        ]);
      case 'updated':
        return this.get(id);
    }
  }

  async remove(id: number, input: AccountRemovalInput): Promise<AccountRemoved> {
    if (input.transactions === 'move' && input.moveTo === undefined) throw invalidField('query', 'moveTo', 'is required with transactions=move: the account that receives them');
    if (input.transactions !== 'move' && input.moveTo !== undefined) throw invalidField('query', 'moveTo', 'is only for transactions=move');
    if (input.moveTo === id) throw invalidField('query', 'moveTo', 'must be another account than the one removed');
    const choice: AccountRemovalChoice | undefined =
      input.transactions === undefined ? undefined : input.transactions === 'move' ? { transactions: 'move', moveTo: input.moveTo! } : { transactions: input.transactions };
    const outcome = await this.store.accounts.remove(id, choice, input.force ?? false, this.now());
    switch (outcome.status) {
      case 'missing':
        throw notFound(id);
      case 'unknown-target':
        throw invalidField('query', 'moveTo', `names no account (${input.moveTo})`);
      case 'currency-differs':
        throw new DomainError('conflict', `moveTo is in ${outcome.targetCurrency}, the account in ${outcome.currency}: currencies are never mixed`, [
          { in: 'query', name: 'moveTo', message: `is in ${outcome.targetCurrency}, not ${outcome.currency}` },
        ]);
      case 'in-use':
        throw new DomainError('conflict', `the account holds ${outcome.transactions} transactions: say where they go with transactions=move (and moveTo), unassign or trash`, [
          { in: 'query', name: 'transactions', message: `is required: the account holds ${outcome.transactions} transactions` },
        ]);
      case 'reconciled':
        throw new DomainError('conflict', `${outcome.transactions} of the account's transactions are reconciled: force=true to remove it anyway`, [
          { in: 'query', name: 'force', message: `is required: ${outcome.transactions} transactions are reconciled` },
        ]);
      case 'removed':
        return outcome;
    }
  }

  /** The currency new accounts get when none is given (`moneta settings`, `--currency`). */
  async defaultCurrency(): Promise<string> {
    return (await this.store.accounts.setting('currency')) ?? FALLBACK_CURRENCY;
  }

  async setDefaultCurrency(code: string, field: string): Promise<void> {
    if (!isCurrency(code)) throw invalidField('body', field, `is not an ISO 4217 currency code Moneta knows ("${code}")`);
    await this.store.accounts.saveSetting('currency', code);
  }

  /** The record alone, for other use cases (imports into an account). */
  async record(id: number): Promise<AccountRecord | null> {
    return this.store.accounts.find(id);
  }
}

function notFound(id: number): DomainError {
  return new DomainError('not_found', `no account has id ${id}`);
}

function nameTaken(name: string): DomainError {
  return new DomainError('conflict', `an account named "${name}" exists already`, [{ in: 'body', name: 'name', message: 'is taken by another account' }]);
}
