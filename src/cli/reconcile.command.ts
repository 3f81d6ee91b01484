import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { DomainError } from '../domain/errors.js';
import { presentTransaction } from '../http/presenters.js';
import { LedgerService, type Reconciliation } from '../services/ledger.service.js';
import { aligned, money } from './accounts-output.js';
import { ACCOUNT_FLAGS, accountIdOf, amountOf, dateOf, withFlagNames } from './account-flags.js';
import { addStoreOptions, ExitStatus, say, sayChange, withChange, withStore } from './cli-support.js';
import { jsonForTerminal, terminalSafe } from './terminal-text.js';

/** `moneta reconcile --complete` exits with this when the statement's balance and the cleared balance differ (nothing was reconciled). */
export const RECONCILE_DIFFERS_EXIT_CODE = 3;

interface ReconcileFlags extends StoreFlags {
  date: string;
  balance: string;
  complete?: boolean;
  json?: boolean;
}

function printReconciliation(found: Reconciliation, currency: string): void {
  const amount = (value: number) => `${money(value, currency)} ${currency}`;
  say(`account ${found.account} on ${found.date}: the statement says ${amount(found.statementBalance)}; the cleared balance is ${amount(found.clearedBalance)}`);
  say(found.agrees ? 'difference: none, they agree' : `difference: ${amount(found.difference)} (the statement's balance minus the cleared balance)`);
  if (found.unclearedCount === 0) say(`no uncleared transactions on or before ${found.date}`);
  else {
    say(`${found.unclearedCount} uncleared transaction(s) on or before ${found.date}${found.unclearedCount > found.uncleared.length ? `, the first ${found.uncleared.length}` : ''}:`);
    const rows = found.uncleared.map((row) => [row.date, String(row.id), row.description, money(row.value, currency), row.status ?? 'uncleared']);
    process.stdout.write(`${aligned(['DATE', 'ID', 'DESCRIPTION', 'VALUE', 'STATUS'], rows, new Set([1, 3])).join('\n')}\n`);
  }
}

function reconciliationJson(found: Reconciliation): object {
  const { uncleared, reconciled, ...rest } = found;
  return { ...rest, uncleared: uncleared.map(presentTransaction), ...(reconciled === undefined ? {} : { reconciled }) };
}

/**
 * `moneta reconcile <account> --date D --balance B [--complete]` (docs/accounts.md): as
 * GET and POST /accounts/{id}/reconciliation. Exit codes: 0 shown, or completed; 3 --complete
 * refused because the balances differ (nothing changed); 1 another failure; 2 a bad command line.
 */
export function registerReconcileCommand(program: Command): void {
  addStoreOptions(
    program
      .command('reconcile <account>')
      .description("Compare an account's cleared balance with a statement's; with --complete, lock the cleared transactions up to that day as reconciled")
      .requiredOption('--date <date>', "the statement's date (YYYY-MM-DD): its balance is the one at the end of that day")
      .requiredOption('--balance <amount>', "the statement's balance on --date, e.g. 1180.23")
      .option('--complete', 'reconcile when they agree: the cleared transactions up to --date become reconciled')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      '\nMark the transactions the statement lists as cleared with `moneta transactions status cleared --ids ...`.\n\nExit codes: 0 shown (or reconciled with --complete), 3 --complete refused: the balances differ, nothing changed; 1 failed; 2 bad command line.\n\nExample:\n  moneta reconcile 1 --date 2024-03-31 --balance 1180.23\n  moneta reconcile 1 --date 2024-03-31 --balance 1180.23 --complete',
    )
    .action(async (text: string, flags: ReconcileFlags) => {
      const id = accountIdOf(text, '<account>');
      const date = dateOf(flags.date, '--date');
      const balance = amountOf(flags.balance, '--balance');
      await withStore(flags, 'existing', async (store) => {
        const ledger = new LedgerService(store);
        const preview = await withFlagNames(ACCOUNT_FLAGS, () => ledger.previewReconciliation(id, date, balance));
        const currency = (await store.accounts.find(id))?.currency ?? '';
        if (!flags.complete) {
          if (flags.json) process.stdout.write(`${jsonForTerminal(reconciliationJson(preview))}\n`);
          else {
            printReconciliation(preview, currency);
            if (!preview.agrees) say('mark the rows the statement lists as cleared (`moneta transactions status cleared --ids ...`), then run this again');
            else say('they agree: add --complete to reconcile');
          }
          return;
        }
        if (!preview.agrees) {
          if (flags.json) process.stdout.write(`${jsonForTerminal({ ...reconciliationJson(preview), reconciled: 0 })}\n`);
          else {
            printReconciliation(preview, currency);
            say(`NOT reconciled, nothing changed: the balances are ${money(preview.difference, currency)} ${currency} apart. Clear the transactions the statement lists, then complete`);
          }
          throw new ExitStatus(RECONCILE_DIFFERS_EXIT_CODE);
        }
        let completed: { result: Reconciliation; change: number | undefined };
        try {
          completed = await withChange(() => withFlagNames(ACCOUNT_FLAGS, () => ledger.completeReconciliation(id, date, balance)));
        } catch (error) {
          // Changed between the preview and the completion: still "they differ".
          if (error instanceof DomainError && error.code === 'conflict') {
            process.stderr.write(`moneta: error: ${terminalSafe(error.message)}\n`);
            throw new ExitStatus(RECONCILE_DIFFERS_EXIT_CODE);
          }
          throw error;
        }
        if (flags.json) return void process.stdout.write(`${jsonForTerminal(reconciliationJson(completed.result))}\n`);
        say(`reconciled account ${id} on ${date} at ${money(balance, currency)} ${currency}: ${completed.result.reconciled ?? 0} transaction(s) locked as reconciled`);
        sayChange(completed.change);
      });
    });
}
