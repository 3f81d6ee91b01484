import { DomainError, invalidField } from '../domain/errors.js';
import type { NewTransaction, TransactionId, TransactionQuery, TransactionRecord } from '../domain/transaction.js';
import { MissingReferenceError, type Store, type TransactionPageJson, type TransactionStream } from '../store/store.js';
import type { IdempotencyRequest, IdempotentCreation } from '../domain/idempotency.js';

/** Hook for automatic categorisation of transactions created without a category. */
export type CategoryResolver = (input: NewTransaction) => Promise<string | null>;

export class TransactionsService {
  constructor(
    private readonly store: Pick<Store, 'transactions' | 'idempotency'>,
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
    const category = input.category ?? (await this.resolveCategory(input));
    return knownBank(() => this.store.transactions.create({ ...input, category }));
  }

  /** create() under an Idempotency-Key (see IdempotencyRepository.createTransaction). */
  async createIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation> {
    const category = input.category ?? (await this.resolveCategory(input));
    return knownBank(() => this.store.idempotency.createTransaction({ ...input, category }, request));
  }

  async recategorise(id: TransactionId, category: string | null): Promise<void> {
    const updated = await this.store.transactions.setCategory(id, category);
    if (!updated) throw new DomainError('not_found', `no transaction has id ${id}`);
  }
}

/** A transaction's bank must exist: the body's `bank` names the one that does not. */
async function knownBank<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof MissingReferenceError && error.entity === 'bank') {
      throw invalidField('body', 'bank', `names no known bank ("${error.id}")`);
    }
    throw error;
  }
}
