import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { AccountsService } from '../services/accounts.service.js';
import { TransfersService } from '../services/transfers.service.js';
import { addStoreOptions, say, UsageError, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';
import { countOf } from './account-flags.js';
import { MAX_TRANSFER_WINDOW_DAYS } from '../domain/transfers/transfer.js';

/** The settings a store keeps, by the name `moneta settings set` takes. */
const SETTINGS = ['currency', 'transferWindowDays'] as const;

/** `moneta settings` shows the store's settings; `moneta settings set currency GBP` changes one (docs/accounts.md). */
export function registerSettingsCommand(program: Command): void {
  const settings = program.command('settings').description("The store's settings: `moneta settings` shows them, `moneta settings set currency GBP` changes one");
  addStoreOptions(settings.command('show', { isDefault: true }).description("Show the store's settings (the default currency of new accounts)").option('--json', 'print JSON')).action(
    async (flags: StoreFlags & { json?: boolean }) => {
      await withStore(flags, 'existing', async (store) => {
        const currency = await new AccountsService(store).defaultCurrency();
        const transferWindowDays = await new TransfersService(store).windowDays();
        if (flags.json) return void process.stdout.write(`${jsonForTerminal({ currency, transferWindowDays })}\n`);
        say(`currency  ${currency}  (new accounts get it when --currency is not given)`);
        say(`transferWindowDays  ${transferWindowDays}  (how many days apart transfer suggestions may be)`);
      });
    },
  );

  addStoreOptions(settings.command('set <name> <value>').description('Change a setting: currency (an ISO 4217 code), transferWindowDays (0 to 31)'))
    .addHelpText('after', '\nAccounts that exist keep their own currency.\n\nExample:\n  moneta settings set currency GBP')
    .action(async (name: string, value: string, flags: StoreFlags) => {
      if (!(SETTINGS as readonly string[]).includes(name)) throw new UsageError(`<name> must be one of ${SETTINGS.join(', ')} (got "${name}")`);
      await withStore(flags, 'existing', async (store) => {
        if (name === 'transferWindowDays') {
          await new TransfersService(store).setWindowDays(countOf(value, '<value>', 0, MAX_TRANSFER_WINDOW_DAYS));
          return say(`transferWindowDays set to ${value}: transfer suggestions pair rows at most that many days apart`);
        }
        await new AccountsService(store).setDefaultCurrency(value, 'currency');
        say(`currency set to ${value}: new accounts get it when --currency is not given`);
      });
    });
}
