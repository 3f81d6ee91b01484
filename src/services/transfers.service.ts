import { checkAmount, checkedCurrency, type AccountRecord } from '../domain/accounts/account.js';
import { isRealDate } from '../domain/dates.js';
import { DomainError, invalidField } from '../domain/errors.js';
import {
  DEFAULT_TRANSFER_WINDOW_DAYS,
  MAX_TRANSFER_WINDOW_DAYS,
  TRANSFER_WINDOW_SETTING,
  type Transfer,
  type TransferPair,
  type TransferStatus,
  type TransferSuggestion,
} from '../domain/transfers/transfer.js';
import type { Store } from '../store/store.js';

/** A new transfer as a client writes it (NewTransfer): `to.amount` absent means `from.amount`. */
export interface TransferInput {
  date: string;
  description: string;
  from: { accountId: number; amount: number };
  to: { accountId: number; amount?: number };
}

/** How many suggestions an import looks through for its own rows. */
const MAX_SUGGESTIONS = 10_000;

const PAIR_FIELDS = { outflow: 'outflowTransactionId', inflow: 'inflowTransactionId' } as const;

/**
 * Transfers between one's own accounts (issue 24; docs/transfers-and-splits.md): the rules beyond
 * the contract's schema and which field a problem names, for the HTTP API and `moneta transfers`.
 */
export class TransfersService {
  constructor(private readonly store: Pick<Store, 'transfers' | 'accounts'>) {}

  list(status: TransferStatus | undefined, limit: number, offset: number): Promise<Transfer[]> {
    return this.store.transfers.list(status, limit, offset);
  }

  async create(input: TransferInput): Promise<Transfer> {
    if (!isRealDate(input.date)) throw invalidField('body', 'date', 'is not a real calendar day (YYYY-MM-DD)');
    if (input.from.accountId === input.to.accountId) throw invalidField('body', 'to.accountId', 'must differ from from.accountId: a transfer moves money between two accounts');
    const from = await this.openAccount(input.from.accountId, 'from.accountId');
    const to = await this.openAccount(input.to.accountId, 'to.accountId');
    if (input.to.amount === undefined && from.currency !== to.currency) {
      throw invalidField('body', 'to.amount', `is required: the accounts' currencies differ (${from.currency} to ${to.currency})`);
    }
    const toAmount = input.to.amount ?? input.from.amount;
    checkAmount(input.from.amount, from.currency, checkedCurrency(from.currency, 'body', 'from.accountId'), 'body', 'from.amount');
    checkAmount(toAmount, to.currency, checkedCurrency(to.currency, 'body', 'to.accountId'), 'body', 'to.amount');
    const outcome = await this.store.transfers.create({
      date: input.date,
      description: input.description,
      from: input.from,
      to: { accountId: input.to.accountId, amount: toAmount },
      fromBank: from.bankId,
      toBank: to.bankId,
    });
    if (outcome.status === 'unknown-account') throw invalidField('body', `${outcome.side}.accountId`, 'names no account');
    return outcome.transfer;
  }

  async link(pair: TransferPair): Promise<Transfer> {
    const outcome = await this.store.transfers.link(pair);
    switch (outcome.status) {
      case 'linked':
        return outcome.transfer;
      case 'missing':
        throw invalidField('body', PAIR_FIELDS[outcome.side], 'names no transaction');
      case 'wrong-sign':
        throw invalidField('body', PAIR_FIELDS[outcome.side], outcome.side === 'outflow' ? 'must be money out (a negative value)' : 'must be money in (a positive value)');
      case 'same-account':
        throw invalidField('body', 'inflowTransactionId', 'must be in another account than the outflow (and both in an account)');
      case 'in-transfer':
        throw new DomainError('conflict', `${PAIR_FIELDS[outcome.side]} is in transfer ${outcome.transfer} already: unlink it first`, [
          { in: 'body', name: PAIR_FIELDS[outcome.side], message: `is in transfer ${outcome.transfer}` },
        ]);
    }
  }

  async unlink(id: number): Promise<Transfer> {
    const outcome = await this.store.transfers.unlink(id);
    if (outcome.status === 'missing') throw new DomainError('not_found', `no transfer has id ${id}`);
    return outcome.transfer;
  }

  async reject(pair: TransferPair): Promise<void> {
    const outcome = await this.store.transfers.reject(pair);
    if (outcome.status === 'missing') throw invalidField('body', PAIR_FIELDS[outcome.side], 'names no transaction');
  }

  /** `windowDays` absent: the setting `transferWindowDays`, else 4. */
  async suggestions(windowDays: number | undefined, limit: number): Promise<TransferSuggestion[]> {
    return this.store.transfers.suggestions(windowDays ?? (await this.windowDays()), limit);
  }

  /**
   * The transfers an import found: the suggestions that pair one of its new rows (ids from
   * `firstNewId` on) with another row, kept as suggested transfers (an import's report names them).
   */
  async foundByImport(firstNewId: number): Promise<Transfer[]> {
    const suggestions = await this.store.transfers.suggestions(await this.windowDays(), MAX_SUGGESTIONS);
    const pairs = suggestions
      .filter((suggestion) => suggestion.outflow.transactionId >= firstNewId || suggestion.inflow.transactionId >= firstNewId)
      .map((suggestion) => ({ outflowTransactionId: suggestion.outflow.transactionId, inflowTransactionId: suggestion.inflow.transactionId }));
    return pairs.length === 0 ? [] : this.store.transfers.suggest(pairs);
  }

  /** The store's window of days for suggestions (a stored value out of range counts as unset). */
  async windowDays(): Promise<number> {
    const text = await this.store.accounts.setting(TRANSFER_WINDOW_SETTING);
    const stored = text === null || text.trim() === '' ? Number.NaN : Number(text);
    return Number.isInteger(stored) && stored >= 0 && stored <= MAX_TRANSFER_WINDOW_DAYS ? stored : DEFAULT_TRANSFER_WINDOW_DAYS;
  }

  /** Sets the window (a whole number of days, 0 to 31: the caller checked it). */
  setWindowDays(days: number): Promise<void> {
    return this.store.accounts.saveSetting(TRANSFER_WINDOW_SETTING, String(days));
  }

  private async openAccount(id: number, field: string): Promise<AccountRecord> {
    const account = await this.store.accounts.find(id);
    if (!account) throw invalidField('body', field, `names no account (${id})`);
    if (account.closedOn !== null) throw invalidField('body', field, `is closed (since ${account.closedOn}); reopen it to move money into or out of it`);
    return account;
  }
}
