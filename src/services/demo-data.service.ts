import { DomainError } from '../domain/errors.js';
import { DEMO_OPTIONS, generateSampleData } from '../domain/sample-data.js';
import { DEMO_ACCOUNTS, demoStatus } from '../domain/sample-data/demo-accounts.js';
import type { Store } from '../store/store.js';

/**
 * Writes in flight at once: on SQLite enough to fill each group commit; on PostgreSQL, where
 * writes that append to the change feed commit one after another (docs/change-feed.md), no more
 * than a pool's worth, so none waits past the pool's timeout for a connection.
 */
const IN_FLIGHT = { sqlite: 256, postgres: 4 } as const;

export interface DemoDataLoaded {
  banks: number;
  accounts: number;
  categories: number;
  transactions: number;
}

type DemoStore = Pick<Store, 'engine' | 'catalogue' | 'transactions' | 'accounts'>;

/** The demo's accounts (demo-accounts.ts), added when the store has none of that name; the account each bank's rows go into. */
async function demoAccounts(store: DemoStore): Promise<Map<string, number>> {
  const existing = new Map((await store.accounts.list()).map((account) => [account.name, account]));
  const byBank = new Map<string, number>();
  for (const spec of DEMO_ACCOUNTS) {
    const { name, type, currency, bank, openingBalance, openingDate } = spec;
    const found = existing.get(name);
    let id = found?.id;
    if (id === undefined) {
      const created = await store.accounts.create({ name, type, currency, bankId: bank, iban: null, accountNumber: null, openingBalance, openingDate });
      if (created.status !== 'created') throw new DomainError('conflict', `the demo account "${name}" could not be added (${created.status})`);
      id = created.account.id;
    }
    // An account of that name in another currency keeps its own rows: the bank's go into none.
    if (spec.holdsTransactions && (found === undefined || found.currency === currency)) byBank.set(bank, id);
  }
  return byBank;
}

/**
 * The demo dataset (`moneta demo`, POST /manage/demo): banks, accounts in one currency each,
 * categories in groups and two years of transactions in their banks' accounts (most cleared,
 * the last days' not yet, a couple pending), each write durable before this resolves.
 */
export async function loadSampleData(store: DemoStore): Promise<DemoDataLoaded> {
  const data = generateSampleData(DEMO_OPTIONS);
  for (const bank of data.banks) {
    if (!(await store.catalogue.findBank(bank.id))) await store.catalogue.addBank({ id: bank.id, name: bank.name, aggregatorId: bank.aggregatorId ?? null });
  }
  const accountOf = await demoAccounts(store);
  for (const category of data.categories) await store.catalogue.saveCategory({ name: category.name, group: category.group ?? null });
  let transactions = 0;
  let pending = 0;
  let inFlight: Promise<unknown>[] = [];
  for (const transaction of data.transactions()) {
    const account = accountOf.get(transaction.bank) ?? null;
    const status = account === null ? null : demoStatus(transaction.date, pending);
    if (status === 'pending') pending += 1;
    inFlight.push(store.transactions.create({ ...transaction, category: transaction.category ?? null, account, status }));
    transactions += 1;
    if (inFlight.length >= IN_FLIGHT[store.engine]) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
  return { banks: data.banks.length, accounts: DEMO_ACCOUNTS.length, categories: data.categories.length, transactions };
}

/** The demo data for the web app's first run: only into a store with no transaction yet. */
export class DemoDataService {
  /** One load at a time in this process, so two clicks cannot both find the store empty. */
  private loading: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: DemoStore) {}

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
