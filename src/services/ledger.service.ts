import { balancePointDates, defaultBalanceRange, type BalanceInterval } from '../domain/accounts/balance-periods.js';
import {
  exactDifference,
  type BalancePoint,
  type CurrencyHistory,
  type LedgerAccount,
  type RegisterPage,
  type RegisterQuery,
  type SettableStatus,
} from '../domain/accounts/ledger.js';
import { currencyDecimals, hasAtMostDecimals } from '../domain/accounts/currencies.js';
import { DomainError, invalidField, type FieldLocation } from '../domain/errors.js';
import type { TransactionRecord } from '../domain/transaction.js';
import type { TransactionSelection } from '../domain/transaction-filter.js';
import type { Store } from '../store/store.js';

export interface HistoryRange {
  from?: string;
  to?: string;
  interval?: BalanceInterval;
}

export interface Reconciliation {
  account: number;
  date: string;
  statementBalance: number;
  clearedBalance: number;
  difference: number;
  agrees: boolean;
  uncleared: TransactionRecord[];
  unclearedCount: number;
  /** After completing: how many rows became reconciled. */
  reconciled?: number;
}

function accountMissing(id: number, location: FieldLocation = 'path', name = 'accountId'): DomainError {
  return new DomainError('not_found', `no account has id ${id}`, [{ in: location, name, message: 'names no account' }]);
}

/**
 * The ledger's use cases (issue 23; docs/accounts.md): an account's register with running
 * balances, its balance history, net worth per currency, reconciliation, and moving transactions
 * or setting their status. Checks what the contract's schema cannot: the account exists, a date
 * range runs forward, a history has at most 3660 points, a balance has no more decimals than
 * the account's currency.
 */
export class LedgerService {
  constructor(
    private readonly store: Pick<Store, 'ledger'>,
    private readonly now: () => number = Date.now,
  ) {}

  async register(accountId: number, query: RegisterQuery): Promise<RegisterPage> {
    checkRange(query.from, query.to);
    const page = await this.store.ledger.register(accountId, query);
    if (!page) throw accountMissing(accountId);
    return page;
  }

  async balances(accountId: number, range: HistoryRange): Promise<{ account: LedgerAccount; interval: BalanceInterval; points: BalancePoint[] }> {
    const { dates, interval } = this.pointDates(range);
    const history = await this.store.ledger.balances(accountId, dates);
    if (!history) throw accountMissing(accountId);
    return { account: history.account, interval, points: history.points };
  }

  async netWorth(range: HistoryRange): Promise<{ interval: BalanceInterval; currencies: CurrencyHistory[] }> {
    const { dates, interval } = this.pointDates(range);
    return { interval, currencies: await this.store.ledger.netWorth(dates) };
  }

  /** `balance` came from the query (a preview) or the body (completing). */
  async previewReconciliation(accountId: number, date: string, balance: number, location: FieldLocation = 'query'): Promise<Reconciliation> {
    const facts = await this.store.ledger.cleared(accountId, date);
    if (!facts) throw accountMissing(accountId);
    this.checkAmount(facts.account, balance, location);
    const difference = exactDifference(balance, facts.clearedBalance);
    return {
      account: accountId,
      date,
      statementBalance: balance,
      clearedBalance: facts.clearedBalance,
      difference,
      agrees: difference === 0,
      uncleared: facts.uncleared,
      unclearedCount: facts.unclearedCount,
    };
  }

  /** Reconciles when the balances agree; 409 saying by how much when they do not (nothing changes). */
  async completeReconciliation(accountId: number, date: string, balance: number): Promise<Reconciliation> {
    // Checks the account and the balance's decimals first (a 404 or 400 changes nothing).
    await this.previewReconciliation(accountId, date, balance, 'body');
    const outcome = await this.store.ledger.completeReconciliation(accountId, date, balance);
    if (outcome.status === 'missing') throw accountMissing(accountId);
    if (outcome.status === 'differs') {
      const difference = exactDifference(balance, outcome.clearedBalance);
      throw new DomainError(
        'conflict',
        `the statement's balance on ${date} is ${money(balance)}; the cleared balance is ${money(outcome.clearedBalance)}: ${money(difference)} apart. Clear the transactions the statement lists, then complete`,
      );
    }
    const after = await this.previewReconciliation(accountId, date, balance, 'body');
    return { ...after, reconciled: outcome.reconciled };
  }

  async move(selection: TransactionSelection, target: number | null, force: boolean): Promise<number> {
    const outcome = await this.store.ledger.move(selection, target, force);
    switch (outcome.status) {
      case 'missing-account':
        throw accountMissing(target ?? 0, 'body', 'account');
      case 'currency':
        throw new DomainError('conflict', `${counted(outcome.count)} in an account of another currency than ${outcome.currency}: currencies are never mixed in one account`);
      case 'reconciled':
        throw reconciledRefused(outcome.count, 'moved');
      case 'moved':
        return outcome.moved;
    }
  }

  async setStatus(selection: TransactionSelection, status: SettableStatus, force: boolean): Promise<number> {
    const outcome = await this.store.ledger.setStatus(selection, status, force);
    switch (outcome.status) {
      case 'no-account':
        throw new DomainError('conflict', `${counted(outcome.count)} in no account: only a transaction in an account has a status (move it into one first)`);
      case 'reconciled':
        throw reconciledRefused(outcome.count, 'changed');
      case 'changed':
        return outcome.changed;
    }
  }

  private checkAmount(account: LedgerAccount, value: number, location: FieldLocation): void {
    const decimals = currencyDecimals(account.currency);
    if (decimals !== undefined && !hasAtMostDecimals(value, decimals)) {
      throw invalidField(location, 'balance', `has more decimals than ${account.currency} has (${decimals})`);
    }
  }

  private pointDates(range: HistoryRange): { dates: string[]; interval: BalanceInterval } {
    const interval = range.interval ?? 'month';
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const to = range.to ?? (range.from !== undefined && range.from > today ? range.from : today);
    const from = range.from ?? defaultBalanceRange(to).from;
    checkRange(from, to);
    const dates = balancePointDates(from, to, interval);
    if (!dates) throw invalidField('query', 'interval', `gives more than 3660 points from ${from} to ${to}: choose a longer interval or a shorter range`);
    return { dates, interval };
  }
}

/** An amount as a person reads it: 1,180.23. */
function money(value: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 20 }).format(value);
}

function checkRange(from: string | undefined, to: string | undefined): void {
  if (from !== undefined && to !== undefined && from > to) throw invalidField('query', 'from', `is after to (${to})`);
}

function counted(count: number): string {
  return count === 1 ? '1 chosen transaction is' : `${count} chosen transactions are`;
}

function reconciledRefused(count: number, what: 'moved' | 'changed'): DomainError {
  return new DomainError('conflict', `${counted(count)} reconciled: a reconciled transaction is ${what} only when forced (force: true)`);
}
