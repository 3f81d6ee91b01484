import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { isRealDate } from '../domain/dates.js';
import { CorrectionsService, type FilterInput, type SelectionInput } from '../services/corrections.service.js';
import { addStoreOptions, printTable, say, UsageError, withStore } from './cli-support.js';

interface SelectionFlags extends StoreFlags {
  ids?: string;
  category?: string;
  uncategorised?: boolean;
  bank?: string;
  description?: string;
  from?: string;
  to?: string;
  minValue?: string;
  maxValue?: string;
}

/** The selection flags shared by delete and recategorise: --ids, or the list's filters. */
function addSelectionOptions(command: Command): Command {
  return addStoreOptions(
    command
      .option('--ids <ids>', 'comma-separated transaction ids')
      .option('--category <name>', 'transactions of this category')
      .option('--uncategorised', 'transactions without a category')
      .option('--bank <id>', "transactions of this bank")
      .option('--description <text>', 'transactions whose description contains this text (case-insensitive)')
      .option('--from <date>', 'dated on or after YYYY-MM-DD')
      .option('--to <date>', 'dated on or before YYYY-MM-DD')
      .option('--min-value <number>', 'value at least this')
      .option('--max-value <number>', 'value at most this'),
  );
}

function idsOf(text: string, flag: string): number[] {
  const ids = text.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^(0|[1-9][0-9]{0,15})$/.test(id) || !Number.isSafeInteger(Number(id)))) {
    throw new UsageError(`${flag} must be transaction ids separated by commas, such as 12,13,40`);
  }
  return ids.map(Number);
}

function numberOf(text: string, flag: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`${flag} must be a number (got "${text}")`);
  return value;
}

function dateOf(text: string, flag: string): string {
  if (!isRealDate(text)) throw new UsageError(`${flag} must be a real date written YYYY-MM-DD (got "${text}")`);
  return text;
}

function selectionOf(flags: SelectionFlags): SelectionInput {
  const filter: FilterInput = {};
  if (flags.category !== undefined && flags.uncategorised) throw new UsageError('--category and --uncategorised cannot be used together');
  if (flags.category !== undefined) filter.category = flags.category;
  if (flags.uncategorised) filter.category = null;
  if (flags.bank !== undefined) filter.bank = flags.bank;
  if (flags.description !== undefined) filter.description = flags.description;
  if (flags.from !== undefined) filter.from = dateOf(flags.from, '--from');
  if (flags.to !== undefined) filter.to = dateOf(flags.to, '--to');
  if (flags.minValue !== undefined) filter.minValue = numberOf(flags.minValue, '--min-value');
  if (flags.maxValue !== undefined) filter.maxValue = numberOf(flags.maxValue, '--max-value');
  const hasFilter = Object.keys(filter).length > 0;
  if ((flags.ids === undefined) === !hasFilter) throw new UsageError('choose transactions with --ids, or with filter flags (--category, --bank, ...), not both');
  return flags.ids !== undefined ? { ids: idsOf(flags.ids, '--ids') } : { filter };
}

export function registerTransactionsCommand(program: Command): void {
  const transactions = program.command('transactions').description('Correct transactions: delete into the trash, restore, re-categorise');

  addSelectionOptions(transactions.command('delete').description('Move transactions into the trash (restorable for 30 days)'))
    .addHelpText('after', '\nExamples:\n  moneta transactions delete --ids 12,13\n  moneta transactions delete --bank ing --from 2024-03-01 --to 2024-03-31')
    .action(async (flags: SelectionFlags) => {
      const selection = selectionOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const deleted = await new CorrectionsService(store).delete(selection);
        say(`moved ${deleted} transaction(s) to the trash; \`moneta transactions restore --ids ...\` brings them back`);
      });
    });

  addStoreOptions(transactions.command('restore').description('Bring transactions back from the trash, with the same ids').requiredOption('--ids <ids>', 'comma-separated transaction ids'))
    .action(async (flags: StoreFlags & { ids: string }) => {
      const ids = idsOf(flags.ids, '--ids');
      await withStore(flags, 'existing', async (store) => {
        const result = await new CorrectionsService(store).restore(ids);
        say(`restored ${result.restored.length} transaction(s)${result.restored.length > 0 ? `: ${result.restored.join(', ')}` : ''}`);
        for (const skip of result.skipped) say(`not restored: ${skip.id} (${skip.reason})`);
      });
    });

  addSelectionOptions(
    transactions
      .command('recategorise')
      .description('Set (--set) or clear (--clear) the category of many transactions in one commit')
      .option('--set <category>', 'the new category (created when new)')
      .option('--clear', 'remove their category')
      .option('--dry-run', 'say what would change, write nothing'),
  )
    .addHelpText('after', '\nExample:\n  moneta transactions recategorise --uncategorised --description tesco --set Groceries --dry-run')
    .action(async (flags: SelectionFlags & { set?: string; clear?: boolean; dryRun?: boolean }) => {
      if ((flags.set === undefined) === !flags.clear) throw new UsageError('say --set <category> or --clear');
      const selection = selectionOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const outcome = await new CorrectionsService(store).recategorise({ ...selection, category: flags.set ?? null, dryRun: flags.dryRun === true });
        if (!outcome.dryRun) return say(`re-categorised ${outcome.changed} transaction(s)`);
        say(`would re-categorise ${outcome.changed} transaction(s); nothing was written. The first ${outcome.sample?.length ?? 0}:`);
        printTable(['ID', 'DATE', 'VALUE', 'CATEGORY', 'DESCRIPTION'], (outcome.sample ?? []).map((row) => [String(row.id), row.date, String(row.value), row.category ?? '', row.description]));
      });
    });
}
