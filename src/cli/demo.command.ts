import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { loadSampleData } from '../services/demo-data.service.js';
import { addCurrencyOption, addStoreOptions, CliError, withStore } from './cli-support.js';

export function registerDemoCommand(program: Command): void {
  addCurrencyOption(addStoreOptions(
    program
      .command('demo')
      .description('Load a realistic sample dataset: 3 banks, 4 accounts (EUR, GBP, USD), 20 categories in groups, 2,000 transactions over 2 years')
      .option('--force', 'load even when the store already has transactions'),
  ))
    .addHelpText('after', '\nExample:\n  moneta demo --db ./demo.db && moneta serve --db ./demo.db')
    .action(async (flags: StoreFlags & { force?: boolean }) => {
      await withStore(flags, 'create', async (store) => {
        const existing = await store.transactions.list({ sort: [], limit: 0, offset: 0 });
        if (existing.total > 0 && !flags.force) {
          throw new CliError(`the store already has ${existing.total} transactions; use --force to add the demo data anyway`);
        }
        const loaded = await loadSampleData(store);
        process.stdout.write(`loaded ${loaded.banks} banks, ${loaded.accounts} accounts, ${loaded.categories} categories and ${loaded.transactions} transactions\n`);
      });
    });
}
