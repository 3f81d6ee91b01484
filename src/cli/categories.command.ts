import { Option, type Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { nameDifferences, quotedName } from '../domain/names.js';
import { CategoriesService, type CategoryRemoval, type LookalikeGroup } from '../services/categories.service.js';
import { commandLineFlags } from '../services/parameter-spelling.js';
import { addStoreOptions, printTable, say, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

export function registerCategoriesCommand(program: Command): void {
  const categories = program.command('categories').description('Manage categories and their groups');

  addStoreOptions(
    categories
      .command('add <name>')
      .description('Add a category, or set the group of an existing one')
      .option('--group <group>', 'the group it belongs to'),
  )
    .addHelpText('after', '\nExample:\n  moneta categories add Groceries --group Food')
    .action(async (name: string, flags: StoreFlags & { group?: string }) => {
      await withStore(flags, 'create', async (store) => {
        const saved = await new CategoriesService(store).save({ name, group: flags.group ?? null });
        say(`saved category ${quotedName(saved.name)}${saved.group !== null ? ` in group ${quotedName(saved.group)}` : ''}`);
      });
    });

  addStoreOptions(categories.command('list').description('List categories by group').option('--json', 'print JSON')).action(
    async (flags: StoreFlags & { json?: boolean }) => {
      await withStore(flags, 'existing', async (store) => {
        const all = await new CategoriesService(store).list();
        if (flags.json) process.stdout.write(`${jsonForTerminal(all)}\n`);
        else if (all.length === 0) process.stdout.write('no categories yet: add one with `moneta categories add <name>`\n');
        else printTable(['GROUP', 'NAME'], all.map((category) => [category.group ?? '-', category.name]));
      });
    },
  );

  addStoreOptions(
    categories
      .command('lookalikes')
      .description('List categories whose names look alike or break the naming rules (Unicode forms, white space, invisible characters), and merge them')
      .option('--merge', 'merge each group into the name listed first (transactions and rules move)')
      .option('--json', 'print JSON'),
  )
    .addHelpText('after', '\nExample:\n  moneta categories lookalikes\n  moneta categories lookalikes --merge')
    .action(async (flags: StoreFlags & { merge?: boolean; json?: boolean }) => {
      await withStore(flags, 'existing', async (store) => {
        const service = new CategoriesService(store);
        const groups = await service.lookalikes();
        if (flags.json) process.stdout.write(`${jsonForTerminal(groups)}\n`);
        else printLookalikes(groups, flags.merge === true);
        if (!flags.merge) return;
        for (const group of groups) {
          for (const { name } of group.names) {
            if (name === group.into) continue;
            await service.merge(name, group.into);
            if (!flags.json) process.stdout.write(`merged ${quotedName(name)} into ${quotedName(group.into)}\n`);
          }
        }
      });
    });

  addStoreOptions(
    categories
      .command('merge <from> <into>')
      .description('Move the transactions and rules of a category to another (created when missing), then remove it'),
  )
    .addHelpText('after', '\nExample:\n  moneta categories merge "Supermarket" Groceries')
    .action(async (from: string, into: string, flags: StoreFlags) => {
      await withStore(flags, 'existing', async (store) => {
        await new CategoriesService(store).merge(from, into);
        process.stdout.write(`merged ${quotedName(from)} into ${quotedName(into.normalize('NFC'))}\n`);
      });
    });

  addStoreOptions(
    categories
      .command('remove <name>')
      .description('Remove a category')
      .option('--force', 'also when transactions use it: they become uncategorised')
      .addOption(new Option('--rules <what>', 'when rules name it: remove them, or retarget them to --rules-to').choices(['remove', 'retarget']))
      .option('--rules-to <category>', 'the category retargeted rules name instead'),
  )
    .addHelpText('after', '\nExample:\n  moneta categories remove Snacks --force --rules retarget --rules-to Groceries')
    .action(async (name: string, flags: StoreFlags & { force?: boolean; rules?: 'remove' | 'retarget'; rulesTo?: string }) => {
      await withStore(flags, 'existing', async (store) => {
        const removed = await new CategoriesService(store).remove(
          name,
          { uncategorise: flags.force ?? false, rules: flags.rules, rulesTo: flags.rulesTo },
          { location: 'path', name: 'name' },
          commandLineFlags({ uncategorise: '--force' }),
        );
        say(`removed category ${quotedName(removed.name)}${removalDetails(removed)}`);
      });
    });

  addStoreOptions(
    categories
      .command('rename <name> <new-name>')
      .description('Rename a category: its transactions and rules follow (use merge when the new name exists)'),
  )
    .addHelpText('after', '\nExample:\n  moneta categories rename "Eating out" Restaurants')
    .action(async (name: string, newName: string, flags: StoreFlags) => {
      await withStore(flags, 'existing', async (store) => {
        const renamed = await new CategoriesService(store).update(name, { name: newName });
        say(`renamed category ${quotedName(name.normalize('NFC'))} to ${quotedName(renamed.name)}`);
      });
    });
}

function removalDetails(removed: CategoryRemoval): string {
  const parts: string[] = [];
  if (removed.uncategorised > 0) parts.push(`${removed.uncategorised} transaction(s) uncategorised`);
  if (removed.rulesRemoved.length > 0) parts.push(`rule(s) ${removed.rulesRemoved.join(', ')} removed`);
  if (removed.rulesRetargeted.length > 0) parts.push(`rule(s) ${removed.rulesRetargeted.join(', ')} now name ${quotedName(String(removed.rulesTo))}`);
  return parts.length === 0 ? '' : `: ${parts.join('; ')}`;
}

function printLookalikes(groups: LookalikeGroup[], merging: boolean): void {
  if (groups.length === 0) {
    process.stdout.write('no look-alike categories\n');
    return;
  }
  const transactions = (n: number) => `${n} transaction${n === 1 ? '' : 's'}`;
  process.stdout.write(`${groups.length} group${groups.length === 1 ? '' : 's'} of look-alike categories:\n`);
  for (const group of groups) {
    const kept = group.names.find(({ name }) => name === group.into);
    process.stdout.write(`  ${quotedName(group.into)}${kept ? ` (${transactions(kept.transactions)})` : ' (new)'}\n`);
    for (const { name, transactions: count } of group.names) {
      if (name === group.into) continue;
      const differences = nameDifferences(name);
      process.stdout.write(`    ${quotedName(name)} (${transactions(count)})${differences.length > 0 ? `: ${differences.join(', ')}` : ''}\n`);
    }
  }
  if (!merging) process.stdout.write('Merge each group into its first name with `moneta categories lookalikes --merge`.\n');
}
