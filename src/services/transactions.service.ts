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
    return knownBank(async () => this.store.transactions.create(await this.categorised(input)));
  }

  /** create() under an Idempotency-Key (see IdempotencyRepository.createTransaction). */
  async createIdempotent(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation> {
    return knownBank(async () => this.store.idempotency.createTransaction(await this.categorised(input), request));
  }

  async recategorise(id: TransactionId, category: string | null): Promise<void> {
    const name = category === null ? null : checkedCategoryName(category, 'body', 'category');
    const updated = await this.store.transactions.setCategory(id, name, USER_SOURCE);
    if (!updated) throw new DomainError('not_found', `no transaction has id ${id}`);
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
    if (error instanceof MissingReferenceError && error.entity === 'bank') {
      throw invalidField('body', 'bank', `names no known bank ("${error.id}")`);
    }
    throw error;
  }
}
