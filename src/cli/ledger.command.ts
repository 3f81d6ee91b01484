import { Option, type Command } from 'commander';
import type { StoreFlags } from '../config.js';
import type { BalanceInterval } from '../domain/accounts/balance-periods.js';
import type { BalancePoint } from '../domain/accounts/ledger.js';
import { presentTransaction } from '../http/presenters.js';
import { LedgerService, type HistoryRange } from '../services/ledger.service.js';
import { aligned, money } from './accounts-output.js';
import { ACCOUNT_FLAGS, accountIdOf, countOf, dateOf, withFlagNames } from './account-flags.js';
import { addStoreOptions, withStore } from './cli-support.js';
import { renderCsv, type Cell } from './report-output.js';
import { jsonForTerminal } from './terminal-text.js';

interface OutputFlags extends StoreFlags {
  json?: boolean;
  csv?: boolean;
}

interface RangeFlags extends OutputFlags {
  from?: string;
  to?: string;
  interval?: BalanceInterval;
}

function outputOptions(command: Command): Command {
  return command.addOption(new Option('--json', 'print JSON').conflicts('csv')).addOption(new Option('--csv', 'print CSV (RFC 4180)'));
}

function rangeOf(flags: RangeFlags): HistoryRange {
  return {
    from: flags.from === undefined ? undefined : dateOf(flags.from, '--from'),
    to: flags.to === undefined ? undefined : dateOf(flags.to, '--to'),
    interval: flags.interval,
  };
}

function rangeOptions(command: Command): Command {
  return command
    .addOption(new Option('--interval <interval>', 'a point per day, week or month (default month)').choices(['day', 'week', 'month']))
    .option('--from <date>', 'the first day (YYYY-MM-DD; default a year before --to)')
    .option('--to <date>', 'the last day (YYYY-MM-DD; default today)');
}

function pointsText(points: readonly BalancePoint[], currency: string): string[] {
  return aligned(['DATE', 'BALANCE'], points.map((point) => [point.date, money(point.balance, currency)]), new Set([1]));
}

/** `moneta accounts register|history|net-worth` (ledger.service.ts, as GET /accounts/{id}/register, /balances and /reports/net-worth). */
export function registerLedgerCommands(accounts: Command): void {
  addStoreOptions(
    outputOptions(
      rangeOptions(accounts.command('register <account>').description("An account's transactions, newest first, with the balance after each"))
        .option('--limit <n>', 'rows to show (1 to 10000; default 50)')
        .option('--offset <n>', 'rows to skip (default 0)')
        .option('--oldest', 'oldest first'),
    ),
  )
    .addHelpText('after', '\n--from and --to narrow the rows, not the balances: BALANCE is the opening balance plus every earlier transaction.\n\nExample:\n  moneta accounts register 1 --from 2024-03-01 --limit 20')
    .action(async (text: string, flags: RangeFlags & { limit?: string; offset?: string; oldest?: boolean }) => {
      const id = accountIdOf(text, '<account>');
      const { from, to } = rangeOf(flags);
      const limit = flags.limit === undefined ? 50 : countOf(flags.limit, '--limit', 1, 10_000);
      const offset = flags.offset === undefined ? 0 : countOf(flags.offset, '--offset', 0, Number.MAX_SAFE_INTEGER);
      await withStore(flags, 'existing', async (store) => {
        const page = await withFlagNames(ACCOUNT_FLAGS, () => new LedgerService(store).register(id, { from, to, limit, offset, order: flags.oldest ? 'oldest' : 'newest' }));
        const { currency } = page.account;
        if (flags.json) {
          const rows = page.rows.map((row) => ({ transaction: presentTransaction(row.transaction), balance: row.balance }));
          return void process.stdout.write(`${jsonForTerminal({ account: id, currency, total: page.total, rows })}\n`);
        }
        if (flags.csv) {
          const rows: Cell[][] = page.rows.map(({ transaction: row, balance }) => [
            { number: row.id },
            { text: row.date },
            { text: row.description },
            { number: row.value },
            { text: row.status ?? 'uncleared' },
            { text: row.category ?? '' },
            { number: balance },
          ]);
          return void process.stdout.write(renderCsv({ headers: ['id', 'date', 'description', 'value', 'status', 'category', 'balance'], rows }, process.stdout.isTTY === true));
        }
        if (page.rows.length === 0) return void process.stdout.write(`no transactions in account ${id}${from || to ? ' in that range' : ''} (${page.total} in all)\n`);
        const cells = page.rows.map(({ transaction: row, balance }) => [row.date, String(row.id), row.description, money(row.value, currency), row.status ?? 'uncleared', money(balance, currency)]);
        const lines = aligned(['DATE', 'ID', 'DESCRIPTION', 'VALUE', 'STATUS', 'BALANCE'], cells, new Set([1, 3, 5]));
        process.stdout.write(`${lines.join('\n')}\n${page.rows.length} of ${page.total} row(s), from row ${offset + 1}; amounts in ${currency}\n`);
      });
    });

  addStoreOptions(outputOptions(rangeOptions(accounts.command('history <account>').description("An account's balance at the end of each day, week or month"))))
    .addHelpText('after', '\nExample:\n  moneta accounts history 1 --interval month --from 2024-01-01 --to 2024-12-31')
    .action(async (text: string, flags: RangeFlags) => {
      const id = accountIdOf(text, '<account>');
      const range = rangeOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const history = await withFlagNames(ACCOUNT_FLAGS, () => new LedgerService(store).balances(id, range));
        const { currency } = history.account;
        if (flags.json) return void process.stdout.write(`${jsonForTerminal({ account: id, currency, interval: history.interval, points: history.points })}\n`);
        if (flags.csv) {
          const rows: Cell[][] = history.points.map((point) => [{ text: point.date }, { number: point.balance }]);
          return void process.stdout.write(renderCsv({ headers: ['date', 'balance'], rows }, process.stdout.isTTY === true));
        }
        process.stdout.write(`account ${id}, ${currency}, by ${history.interval}\n${pointsText(history.points, currency).join('\n')}\n`);
      });
    });

  addStoreOptions(outputOptions(rangeOptions(accounts.command('net-worth').description('The sum of all accounts\' balances at the end of each day, week or month, per currency'))))
    .addHelpText('after', '\nCurrencies are never added together: each has its own column.\n\nExample:\n  moneta accounts net-worth --interval month')
    .action(async (flags: RangeFlags) => {
      const range = rangeOf(flags);
      await withStore(flags, 'existing', async (store) => {
        const worth = await withFlagNames(ACCOUNT_FLAGS, () => new LedgerService(store).netWorth(range));
        if (flags.json) return void process.stdout.write(`${jsonForTerminal(worth)}\n`);
        const dates = worth.currencies[0]?.points.map((point) => point.date) ?? [];
        const headers = ['DATE', ...worth.currencies.map((entry) => entry.currency)];
        if (flags.csv) {
          const rows: Cell[][] = dates.map((date, index) => [{ text: date }, ...worth.currencies.map((entry): Cell => ({ number: entry.points[index]?.balance ?? 0 }))]);
          return void process.stdout.write(renderCsv({ headers: headers.map((header) => header.toLowerCase()), rows }, process.stdout.isTTY === true));
        }
        if (worth.currencies.length === 0) return void process.stdout.write('no accounts yet: add one with `moneta accounts add <name> --type checking`\n');
        const cells = dates.map((date, index) => [date, ...worth.currencies.map((entry) => money(entry.points[index]?.balance ?? 0, entry.currency))]);
        const lines = aligned(headers, cells, new Set(worth.currencies.map((_entry, index) => index + 1)));
        process.stdout.write(`net worth by ${worth.interval}, per currency\n${lines.join('\n')}\n`);
      });
    });
}
