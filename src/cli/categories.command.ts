import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { CategoriesService } from '../services/categories.service.js';
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
        await new CategoriesService(store).save({ name, group: flags.group ?? null });
        say(`saved category ${name}${flags.group ? ` in group ${flags.group}` : ''}`);
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
      .command('remove <name>')
      .description('Remove a category')
      .option('--force', 'also when transactions use it: they become uncategorised'),
  ).action(async (name: string, flags: StoreFlags & { force?: boolean }) => {
    await withStore(flags, 'existing', async (store) => {
      await new CategoriesService(store).remove(name, { force: flags.force ?? false });
      say(`removed category ${name}`);
    });
  });
}
