import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { BanksService } from '../services/banks.service.js';
import { addStoreOptions, printTable, say, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

export function registerBanksCommand(program: Command): void {
  const banks = program.command('banks').description('Manage the banks transactions come from');

  addStoreOptions(
    banks
      .command('add <id> <name>')
      .description('Add a bank: a short id (A-Z a-z 0-9 . _ -) and a display name')
      .option('--aggregator-id <uuid>', "the bank's id at a bank-data aggregator"),
  )
    .addHelpText('after', '\nExample:\n  moneta banks add ing "ING Bank" --aggregator-id 3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f')
    .action(async (id: string, name: string, flags: StoreFlags & { aggregatorId?: string }) => {
      await withStore(flags, 'create', async (store) => {
        const bank = await new BanksService(store).add({ id, name, aggregatorId: flags.aggregatorId ?? null });
        say(`added bank ${bank.id} (${bank.name})`);
      });
    });

  addStoreOptions(banks.command('list').description('List the banks').option('--json', 'print JSON')).action(
    async (flags: StoreFlags & { json?: boolean }) => {
      await withStore(flags, 'existing', async (store) => {
        const all = await new BanksService(store).list();
        if (flags.json) process.stdout.write(`${jsonForTerminal(all)}\n`);
        else if (all.length === 0) process.stdout.write('no banks yet: add one with `moneta banks add <id> <name>`\n');
        else printTable(['ID', 'NAME', 'AGGREGATOR ID'], all.map((bank) => [bank.id, bank.name, bank.aggregatorId ?? '']));
      });
    },
  );

  addStoreOptions(banks.command('remove <id>').description('Remove a bank that has no transactions')).action(
    async (id: string, flags: StoreFlags) => {
      await withStore(flags, 'existing', async (store) => {
        await new BanksService(store).remove(id);
        say(`removed bank ${id}`);
      });
    },
  );
}
