import { DomainError } from '../domain/errors.js';
import { DEMO_OPTIONS, generateSampleData } from '../domain/sample-data.js';
import type { Store } from '../store/store.js';

/**
 * Writes in flight at once: on SQLite enough to fill each group commit; on PostgreSQL, where
 * writes that append to the change feed commit one after another (docs/change-feed.md), no more
 * than a pool's worth, so none waits past the pool's timeout for a connection.
 */
const IN_FLIGHT = { sqlite: 256, postgres: 4 } as const;

export interface DemoDataLoaded {
  banks: number;
  categories: number;
  transactions: number;
}

/**
 * The demo dataset (`moneta demo`, POST /manage/demo): banks, categories in groups and two
 * years of transactions, each write durable before this resolves.
 */
export async function loadSampleData(store: Pick<Store, 'engine' | 'catalogue' | 'transactions'>): Promise<DemoDataLoaded> {
  const data = generateSampleData(DEMO_OPTIONS);
  for (const bank of data.banks) {
    if (!(await store.catalogue.findBank(bank.id))) await store.catalogue.addBank({ id: bank.id, name: bank.name, aggregatorId: bank.aggregatorId ?? null });
  }
  for (const category of data.categories) await store.catalogue.saveCategory({ name: category.name, group: category.group ?? null });
  let transactions = 0;
  let inFlight: Promise<unknown>[] = [];
  for (const transaction of data.transactions()) {
    inFlight.push(store.transactions.create({ ...transaction, category: transaction.category ?? null }));
    transactions += 1;
    if (inFlight.length >= IN_FLIGHT[store.engine]) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
  return { banks: data.banks.length, categories: data.categories.length, transactions };
}

/** The demo data for the web app's first run: only into a store with no transaction yet. */
export class DemoDataService {
  /** One load at a time in this process, so two clicks cannot both find the store empty. */
  private loading: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: Pick<Store, 'engine' | 'catalogue' | 'transactions'>) {}

  loadIntoEmptyStore(): Promise<DemoDataLoaded> {
    const next = this.loading.then(async () => {
      const existing = await this.store.transactions.list({ sort: [], limit: 0, offset: 0 });
      if (existing.total > 0) {
        throw new DomainError('conflict', `the store already has ${existing.total} transactions; demo data is loaded only into an empty store`);
      }
      return loadSampleData(this.store);
    });
    this.loading = next.catch(() => undefined);
    return next;
  }
}
