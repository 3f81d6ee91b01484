import { checkedCategoryName } from '../domain/bank-rules.js';
import { DomainError } from '../domain/errors.js';
import type { NewTransaction, TransactionId, TransactionQuery, TransactionRecord } from '../domain/transaction.js';
import type { Store, TransactionPage, TransactionPageJson, TransactionStream } from '../store/store.js';
import type { IdempotencyRequest, IdempotentCreation } from '../domain/idempotency.js';

/** Hook for automatic categorisation of transactions created without a category. */
export type CategoryResolver = (input: NewTransaction) => Promise<string | null>;

export class TransactionsService {
  constructor(
    private readonly store: Store,
    private readonly resolveCategory: CategoryResolver = async () => null,
  ) {}

  list(query: TransactionQuery): Promise<TransactionPage> {
    return this.store.listTransactions(query);
  }

  /** The same page as list(), written as JSON by the store; null when the store cannot (then use list()). */
  async listAsJson(query: TransactionQuery): Promise<TransactionPageJson | null> {
    return (await this.store.listTransactionsAsJson?.(query)) ?? null;
  }

  /** The same page as list(), read a batch at a time (for pages too big to hold in memory). */
  stream(query: TransactionQuery): Promise<TransactionStream> {
    return this.store.streamTransactions(query);
  }

  async get(id: TransactionId): Promise<TransactionRecord> {
    const found = await this.store.findTransactionById(id);
    if (!found) throw new DomainError('not_found', `no transaction has id ${id}`);
    return found;
  }

  /** A category given explicitly always wins over automatic categorisation. */
  async create(input: NewTransaction): Promise<TransactionRecord> {
    return this.store.createTransaction(await this.categorised(input));
  }

  /** create() under an Idempotency-Key (see Store.createTransactionIdempotent). */
  async createIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation> {
    return this.store.createTransactionIdempotent(await this.categorised(input), request);
  }

  async recategorise(id: TransactionId, category: string | null): Promise<void> {
    const name = category === null ? null : checkedCategoryName(category, 'body', 'category');
    const updated = await this.store.setTransactionCategory(id, name);
    if (!updated) throw new DomainError('not_found', `no transaction has id ${id}`);
  }

  private async categorised(input: NewTransaction): Promise<NewTransaction> {
    const given = input.category == null ? null : checkedCategoryName(input.category, 'body', 'category');
    return { ...input, category: given ?? (await this.resolveCategory(input)) };
  }
}
