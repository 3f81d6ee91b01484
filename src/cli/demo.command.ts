import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { DEMO_OPTIONS, generateSampleData } from '../domain/sample-data.js';
import type { Store } from '../store/store.js';
import { addStoreOptions, CliError, withStore } from './cli-support.js';

/** Writes in flight at once: enough to fill each group commit, bounded in memory. */
const IN_FLIGHT = 256;

export function registerDemoCommand(program: Command): void {
  addStoreOptions(
    program
      .command('demo')
      .description('Load a realistic sample dataset: 3 banks, 20 categories in groups, 2,000 transactions over 2 years')
      .option('--force', 'load even when the store already has transactions'),
  )
    .addHelpText('after', '\nExample:\n  moneta demo --db ./demo.db && moneta serve --db ./demo.db')
    .action(async (flags: StoreFlags & { force?: boolean }) => {
      await withStore(flags, 'create', async (store) => {
        const existing = await store.transactions.list({ sort: [], limit: 0, offset: 0 });
        if (existing.total > 0 && !flags.force) {
          throw new CliError(`the store already has ${existing.total} transactions; use --force to add the demo data anyway`);
        }
        const loaded = await loadSampleData(store);
        process.stdout.write(`loaded ${loaded.banks} banks, ${loaded.categories} categories and ${loaded.transactions} transactions\n`);
      });
    });
}

export async function loadSampleData(store: Store): Promise<{ banks: number; categories: number; transactions: number }> {
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
    if (inFlight.length >= IN_FLIGHT) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
  return { banks: data.banks.length, categories: data.categories.length, transactions };
}
