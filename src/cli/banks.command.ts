import { Option, type Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { BanksService } from '../services/banks.service.js';
import { commandLineFlags } from '../services/parameter-spelling.js';
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

  addStoreOptions(
    banks
      .command('remove <id>')
      .description('Remove a bank; say where its transactions and rules go when it has any')
      .addOption(new Option('--transactions <where>', 'its transactions: move them to --move-to, or to the trash').choices(['move', 'trash']))
      .addOption(new Option('--rules <what>', 'rules naming it: remove them, or retarget them to --move-to').choices(['remove', 'retarget']))
      .option('--move-to <bank>', 'the bank that receives moved transactions and retargeted rules'),
  )
    .addHelpText('after', '\nExample:\n  moneta banks remove old-ing --transactions move --rules retarget --move-to ing')
    .action(async (id: string, flags: StoreFlags & { transactions?: 'move' | 'trash'; rules?: 'remove' | 'retarget'; moveTo?: string }) => {
      await withStore(flags, 'existing', async (store) => {
        const removed = await new BanksService(store).remove(id, { transactions: flags.transactions, rules: flags.rules, moveTo: flags.moveTo }, commandLineFlags({}));
        const parts: string[] = [];
        if (removed.transactionsMoved > 0) parts.push(`${removed.transactionsMoved} transaction(s) moved to ${String(removed.moveTo)}`);
        if (removed.transactionsTrashed > 0) parts.push(`${removed.transactionsTrashed} transaction(s) moved to the trash`);
        if (removed.rulesRemoved.length > 0) parts.push(`rule(s) ${removed.rulesRemoved.join(', ')} removed`);
        if (removed.rulesRetargeted.length > 0) parts.push(`rule(s) ${removed.rulesRetargeted.join(', ')} now name ${String(removed.moveTo)}`);
        say(`removed bank ${id}${parts.length === 0 ? '' : `: ${parts.join('; ')}`}`);
      });
    });
}
