import { checkAmount, checkedCurrency } from '../domain/accounts/account.js';
import { checkedCategoryName } from '../domain/bank-rules.js';
import { USER_SOURCE } from '../domain/category-source.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { NewTransaction, TransactionId, TransactionQuery, TransactionRecord } from '../domain/transaction.js';
import { MissingReferenceError, type Store, type TransactionPageJson, type TransactionStream } from '../store/store.js';
import type { IdempotencyRequest, IdempotentCreation } from '../domain/idempotency.js';

/** A category chosen automatically, and how (CategorySource: the rule that chose it). */
export interface ResolvedCategory {
  category: string;
  source: string;
}

/** Hook for automatic categorisation of transactions created without a category. */
export type CategoryResolver = (input: NewTransaction) => Promise<ResolvedCategory | null>;

export class TransactionsService {
  constructor(
    private readonly store: Pick<Store, 'transactions' | 'idempotency' | 'accounts'>,
    private readonly resolveCategory: CategoryResolver = async () => null,
  ) {}

  /** A page with its total, written as the contract's JSON by the store. */
  page(query: TransactionQuery): Promise<TransactionPageJson> {
    return this.store.transactions.page(query);
  }

  /** The same page, read a batch at a time (for pages too big to hold in memory). */
  stream(query: TransactionQuery): Promise<TransactionStream> {
    return this.store.transactions.stream(query);
  }

  async get(id: TransactionId): Promise<TransactionRecord> {
    const found = await this.store.transactions.findById(id);
    if (!found) throw new DomainError('not_found', `no transaction has id ${id}`);
    return found;
  }

  /** A category given explicitly always wins over automatic categorisation. */
  async create(input: NewTransaction): Promise<TransactionRecord> {
    return knownBank(async () => this.store.transactions.create(await this.categorised(await this.accounted(input))));
  }

  /** create() under an Idempotency-Key (see IdempotencyRepository.createTransaction). */
  async createIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation> {
    return knownBank(async () => this.store.idempotency.createTransaction(await this.categorised(await this.accounted(input)), request));
  }

  async recategorise(id: TransactionId, category: string | null): Promise<void> {
    const name = category === null ? null : checkedCategoryName(category, 'body', 'category');
    const updated = await this.store.transactions.setCategory(id, name, USER_SOURCE);
    if (updated) return;
    // Nothing written: the row is missing, or split (migration 0020), which has no category of its own.
    if ((await this.store.transactions.findById(id))?.split) {
      throw invalidField('body', 'category', `cannot be set: transaction ${id} is split, so its lines carry the categories; change the lines instead (PUT /splits/${id})`);
    }
    throw new DomainError('not_found', `no transaction has id ${id}`);
  }

  /**
   * A transaction in an account (issue 23): the account exists and is open, the value fits its
   * currency, the bank is the account's (taken from it when absent); a status needs an account,
   * and `reconciled` comes only from a completed reconciliation.
   */
  private async accounted(input: NewTransaction): Promise<NewTransaction> {
    if (input.account == null) {
      if (input.status != null) throw invalidField('body', 'status', 'needs account: only a transaction in an account has a status');
      return input;
    }
    if (input.status === 'reconciled') throw invalidField('body', 'status', 'cannot be reconciled on creation: complete a reconciliation of the account for that');
    const account = await this.store.accounts.find(input.account);
    if (!account) throw invalidField('body', 'account', `names no account (${input.account})`);
    if (account.closedOn !== null) throw invalidField('body', 'account', `is closed (since ${account.closedOn}); reopen it to add transactions`);
    if (input.bank != null && input.bank !== account.bankId) {
      throw invalidField('body', 'bank', account.bankId === null ? 'must be absent: the account has no bank' : `differs from the account's bank ("${account.bankId}")`);
    }
    checkAmount(input.value, account.currency, checkedCurrency(account.currency, 'body', 'account'), 'body', 'value');
    return { ...input, bank: account.bankId };
  }

  private async categorised(input: NewTransaction): Promise<NewTransaction> {
    // A category the client gives is the user's; one a rule finds is that rule's.
    if (input.category != null) return { ...input, category: checkedCategoryName(input.category, 'body', 'category'), categorySource: USER_SOURCE };
    const resolved = await this.resolveCategory(input);
    return { ...input, category: resolved?.category ?? null, categorySource: resolved?.source ?? null };
  }
}

/** A transaction's bank must exist: the body's `bank` names the one that does not. */
async function knownBank<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof MissingReferenceError) {
      throw invalidField('body', error.entity, error.entity === 'bank' ? `names no known bank ("${error.id}")` : `names no account (${error.id})`);
    }
    throw error;
  }
}
