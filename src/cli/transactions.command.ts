import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import type { TransactionSelection } from '../domain/transaction-filter.js';
import { CorrectionsService } from '../services/corrections.service.js';
import { LedgerService } from '../services/ledger.service.js';
import { ACCOUNT_FLAGS, accountIdOf, withFlagNames } from './account-flags.js';
import { addStoreOptions, printTable, say, sayChange, UsageError, withChange, withStore } from './cli-support.js';
import { addFilterOptions, selectionFilterOfFlags, type FilterFlags } from './filter-flags.js';

interface SelectionFlags extends StoreFlags, FilterFlags {
  ids?: string;
}

/** The selection flags shared by delete and recategorise: --ids, or the list's filters. */
function addSelectionOptions(command: Command): Command {
  return addStoreOptions(addFilterOptions(command.option('--ids <ids>', 'comma-separated transaction ids')));
}

function idsOf(text: string, flag: string): number[] {
  const ids = text.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^(0|[1-9][0-9]{0,15})$/.test(id) || !Number.isSafeInteger(Number(id)))) {
    throw new UsageError(`${flag} must be transaction ids separated by commas, such as 12,13,40`);
  }
  return ids.map(Number);
}

function selectionOf(flags: SelectionFlags): TransactionSelection {
  const filter = selectionFilterOfFlags(flags);
  if ((flags.ids === undefined) === (filter === null)) throw new UsageError('choose transactions with --ids, or with filter flags (--category, --bank, ...), not both');
  return filter === null ? { ids: idsOf(flags.ids ?? '', '--ids') } : { filter };
}

export function registerTransactionsCommand(program: Command): void {
  const transactions = program.command('transactions').description('Correct transactions: delete into the trash, restore, re-categorise');

  addSelectionOptions(transactions.command('delete').description('Move transactions into the trash (restorable for 30 days)'))
    .option('--force', 'also move reconciled transactions (locked by a reconciliation)')
    .addHelpText('after', '\nExamples:\n  moneta transactions delete --ids 12,13\n  moneta transactions delete --bank ing --from 2024-03-01 --to 2024-03-31')
    .action(async (flags: SelectionFlags & { force?: boolean }) => {
      const selection = selectionOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const { result: deleted, change } = await withChange(() => new CorrectionsService(store).delete(selection, flags.force ?? false, '--force'));
        say(`moved ${deleted} transaction(s) to the trash; \`moneta transactions restore --ids ...\` brings them back`);
        sayChange(change);
      });
    });

  addStoreOptions(transactions.command('restore').description('Bring transactions back from the trash, with the same ids').requiredOption('--ids <ids>', 'comma-separated transaction ids'))
    .action(async (flags: StoreFlags & { ids: string }) => {
      const ids = idsOf(flags.ids, '--ids');
      await withStore(flags, 'existing', async (store) => {
        const { result, change } = await withChange(() => new CorrectionsService(store).restore(ids));
        say(`restored ${result.restored.length} transaction(s)${result.restored.length > 0 ? `: ${result.restored.join(', ')}` : ''}`);
        for (const skip of result.skipped) say(`not restored: ${skip.id} (${skip.reason})`);
        sayChange(change);
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
        const { result: outcome, change } = await withChange(() => new CorrectionsService(store).recategorise(selection, { category: flags.set ?? null, dryRun: flags.dryRun === true }));
        if (!outcome.dryRun) {
          say(`re-categorised ${outcome.changed} transaction(s)`);
          return sayChange(change);
        }
        say(`would re-categorise ${outcome.changed} transaction(s); nothing was written. The first ${outcome.sample?.length ?? 0}:`);
        printTable(['ID', 'DATE', 'VALUE', 'CATEGORY', 'DESCRIPTION'], (outcome.sample ?? []).map((row) => [String(row.id), row.date, String(row.value), row.category ?? '', row.description]));
      });
    });

  addSelectionOptions(
    transactions
      .command('move')
      .description('Move transactions into an account (--to-account), or out of any (--unassign), in one commit')
      .option('--to-account <account>', 'the account they go into (its id: moneta accounts list); same currency')
      .option('--unassign', 'leave them in no account')
      .option('--force', 'also reconciled transactions'),
  )
    .addHelpText('after', '\n--account is the filter (the account they are in now); --to-account the one they go to.\n\nExamples:\n  moneta transactions move --ids 12,13 --to-account 2\n  moneta transactions move --bank ing --to-account 1\n  moneta transactions move --account 3 --unassign')
    .action(async (flags: SelectionFlags & { toAccount?: string; unassign?: boolean; force?: boolean }) => {
      if ((flags.toAccount === undefined) === !flags.unassign) throw new UsageError('say --to-account <account> or --unassign');
      const target = flags.toAccount === undefined ? null : accountIdOf(flags.toAccount, '--to-account');
      const selection = selectionOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const { result: moved, change } = await withChange(() => withFlagNames(ACCOUNT_FLAGS, () => new LedgerService(store).move(selection, target, flags.force === true)));
        say(`moved ${moved} transaction(s) ${target === null ? 'out of their account' : `into account ${target}`}`);
        sayChange(change);
      });
    });

  addSelectionOptions(
    transactions
      .command('status <status>')
      .description('Set the status of transactions in an account: cleared (the bank shows it), pending, or uncleared')
      .option('--force', 'also reconciled transactions'),
  )
    .addHelpText('after', '\nReconciled comes only from `moneta reconcile --complete`.\n\nExample:\n  moneta transactions status cleared --account 1 --to 2024-03-31')
    .action(async (status: string, flags: SelectionFlags & { force?: boolean }) => {
      if (status !== 'cleared' && status !== 'uncleared' && status !== 'pending') throw new UsageError(`<status> must be cleared, uncleared or pending (got "${status}")`);
      const selection = selectionOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const { result: changed, change } = await withChange(() =>
          withFlagNames(ACCOUNT_FLAGS, () => new LedgerService(store).setStatus(selection, status === 'uncleared' ? null : status, flags.force === true)),
        );
        say(`set ${changed} transaction(s) ${status}`);
        sayChange(change);
      });
    });
}
