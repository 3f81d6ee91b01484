import { Option, type Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { MAX_TRANSFER_WINDOW_DAYS, TRANSFER_STATUSES, type Transfer, type TransferPair, type TransferStatus, type TransferSuggestion } from '../domain/transfers/transfer.js';
import { TransfersService } from '../services/transfers.service.js';
import { countOf, withFlagNames } from './account-flags.js';
import { addStoreOptions, printTable, say, sayChange, UsageError, withChange, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

interface ListFlags extends StoreFlags {
  status?: TransferStatus;
  limit?: string;
  json?: boolean;
}

interface SuggestFlags extends StoreFlags {
  windowDays?: string;
  limit?: string;
  json?: boolean;
}

interface WriteFlags extends StoreFlags {
  json?: boolean;
}

/** What the transfers service names, as typed here. */
const TRANSFER_FLAGS = { outflowTransactionId: '<outflow>', inflowTransactionId: '<inflow>' };

function idOf(text: string, what: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new UsageError(`${what} must be an id such as 42 (got "${text}")`);
  return Number(text);
}

function pairOf(outflow: string, inflow: string): TransferPair {
  return { outflowTransactionId: idOf(outflow, '<outflow>'), inflowTransactionId: idOf(inflow, '<inflow>') };
}

function transferRow(transfer: Transfer): string[] {
  const { outflow, inflow } = transfer;
  return [String(transfer.id), transfer.status, outflow.date, String(-outflow.value), `${outflow.transactionId} (account ${outflow.accountId ?? '-'})`, `${inflow.transactionId} (account ${inflow.accountId ?? '-'}, ${inflow.date})`];
}

const TRANSFER_HEADERS = ['ID', 'STATUS', 'DATE', 'AMOUNT', 'OUT OF', 'INTO'];

function printTransfers(transfers: Transfer[]): void {
  if (transfers.length === 0) return say('no transfers');
  printTable(TRANSFER_HEADERS, transfers.map(transferRow));
}

function printSuggestions(suggestions: TransferSuggestion[]): void {
  if (suggestions.length === 0) return say('no suggestions');
  printTable(
    ['OUTFLOW', 'INFLOW', 'SCORE', 'REASON'],
    suggestions.map((suggestion) => [String(suggestion.outflow.transactionId), String(suggestion.inflow.transactionId), suggestion.score.toFixed(2), suggestion.reason]),
  );
  say('link one: moneta transfers link <outflow> <inflow>; never again: moneta transfers reject <outflow> <inflow>');
}

/** `moneta transfers list|link|unlink|suggest|reject` (issue 24; docs/transfers-and-splits.md). */
export function registerTransfersCommand(program: Command): void {
  const transfers = program.command('transfers').description('Transfers between your own accounts: list, link, unlink, suggest (docs/transfers-and-splits.md)');

  addStoreOptions(
    transfers
      .command('list')
      .description('List the transfers, newest first')
      .addOption(new Option('--status <status>', 'only this status').choices([...TRANSFER_STATUSES]))
      .option('--limit <n>', 'at most this many (default 100)')
      .option('--json', 'print JSON'),
  ).action(async (flags: ListFlags) => {
    const limit = flags.limit === undefined ? 100 : countOf(flags.limit, '--limit', 1, 1000);
    await withStore(flags, 'existing', async (store) => {
      const list = await new TransfersService(store).list(flags.status, limit, 0);
      if (flags.json) process.stdout.write(`${jsonForTerminal(list)}\n`);
      else printTransfers(list);
    });
  });

  addStoreOptions(transfers.command('link <outflow> <inflow>').description('Link two transactions (money out, money in) as a confirmed transfer').option('--json', 'print JSON'))
    .addHelpText('after', '\nThe rows stay as they are; reports leave them out of income and expenses.\nExample:\n  moneta transfers link 1041 1043')
    .action(async (outflow: string, inflow: string, flags: WriteFlags) => {
      const pair = pairOf(outflow, inflow);
      await withStore(flags, 'existing', async (store) => {
        const { result, change } = await withChange(() => withFlagNames(TRANSFER_FLAGS, () => new TransfersService(store).link(pair)));
        if (flags.json) return void process.stdout.write(`${jsonForTerminal(result)}\n`);
        say(`linked transfer ${result.id}: ${result.outflow.transactionId} -> ${result.inflow.transactionId}`);
        sayChange(change);
      });
    });

  addStoreOptions(transfers.command('unlink <transfer>').description('Unlink a transfer; both transactions stay').option('--json', 'print JSON')).action(
    async (text: string, flags: WriteFlags) => {
      const id = idOf(text, '<transfer>');
      await withStore(flags, 'existing', async (store) => {
        const { result, change } = await withChange(() => new TransfersService(store).unlink(id));
        if (flags.json) return void process.stdout.write(`${jsonForTerminal(result)}\n`);
        say(`unlinked transfer ${result.id}; transactions ${result.outflow.transactionId} and ${result.inflow.transactionId} stay`);
        sayChange(change);
      });
    },
  );

  addStoreOptions(
    transfers
      .command('suggest')
      .description('Pairs of opposite amounts across your accounts that look like transfers, best first')
      .option('--window-days <n>', `how many days apart (0-${MAX_TRANSFER_WINDOW_DAYS}; default the setting transferWindowDays, else 4)`)
      .option('--limit <n>', 'at most this many (default 100)')
      .option('--json', 'print JSON'),
  ).action(async (flags: SuggestFlags) => {
    const windowDays = flags.windowDays === undefined ? undefined : countOf(flags.windowDays, '--window-days', 0, MAX_TRANSFER_WINDOW_DAYS);
    const limit = flags.limit === undefined ? 100 : countOf(flags.limit, '--limit', 1, 1000);
    await withStore(flags, 'existing', async (store) => {
      const suggestions = await new TransfersService(store).suggestions(windowDays, limit);
      if (flags.json) process.stdout.write(`${jsonForTerminal(suggestions)}\n`);
      else printSuggestions(suggestions);
    });
  });

  addStoreOptions(transfers.command('reject <outflow> <inflow>').description('Never suggest this pair again')).action(async (outflow: string, inflow: string, flags: StoreFlags) => {
    const pair = pairOf(outflow, inflow);
    await withStore(flags, 'existing', async (store) => {
      await withFlagNames(TRANSFER_FLAGS, () => new TransfersService(store).reject(pair));
      say(`${pair.outflowTransactionId} and ${pair.inflowTransactionId} will not be suggested again`);
    });
  });
}
