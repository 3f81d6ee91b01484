import { Option, type Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { ACCOUNT_TYPES, type AccountType } from '../domain/accounts/account.js';
import { AccountsService, type AccountUpdateInput } from '../services/accounts.service.js';
import { accountJson, accountsCsv, accountsText, accountText, netWorthByCurrency } from './accounts-output.js';
import { ACCOUNT_FLAGS, accountIdOf, amountOf, dateOf, withFlagNames } from './account-flags.js';
import { addCurrencyOption, addStoreOptions, say, sayChange, UsageError, withChange, withStore } from './cli-support.js';
import { registerLedgerCommands } from './ledger.command.js';
import { jsonForTerminal } from './terminal-text.js';

interface DetailFlags {
  bank?: string | false;
  iban?: string | false;
  accountNumber?: string | false;
  openingBalance?: string | false;
  openingDate?: string;
}

interface AddFlags extends StoreFlags, DetailFlags {
  type: AccountType;
  currency?: string;
  json?: boolean;
}

interface EditFlags extends StoreFlags, DetailFlags {
  name?: string;
  type?: AccountType;
  currency?: string;
  json?: boolean;
}

interface OutputFlags extends StoreFlags {
  json?: boolean;
  csv?: boolean;
}

function typeOption(): Option {
  return new Option('--type <type>', 'what the account is').choices([...ACCOUNT_TYPES]);
}

function addDetailOptions(command: Command): Command {
  return command
    .option('--bank <id>', 'the bank it is at (see `moneta banks list`); statements imported into it are of this bank')
    .option('--iban <iban>', 'its IBAN (checked; lists show it masked)')
    .option('--account-number <number>', 'its account number, for banks without IBANs')
    .option('--opening-balance <amount>', 'what it held at the end of --opening-date, e.g. 1250.00')
    .option('--opening-date <date>', 'the day of the opening balance (YYYY-MM-DD)');
}

function outputOptions(command: Command): Command {
  return command.option('--json', 'print JSON').option('--csv', 'print CSV (RFC 4180)');
}

/** Exactly one output at most. */
export function checkOutput(flags: { json?: boolean; csv?: boolean }): void {
  if (flags.json && flags.csv) throw new UsageError('choose one of --json and --csv');
}

function optional(value: string | false | undefined): string | null | undefined {
  return value === false ? null : value;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function registerAccountsCommand(program: Command): void {
  const accounts = program.command('accounts').description('Accounts: what each holds, its register, its balance history (docs/accounts.md)');

  addCurrencyOption(
    addStoreOptions(addDetailOptions(accounts.command('add <name>').description('Add an account').addOption(typeOption().makeOptionMandatory()).option('--json', 'print the account as JSON'))),
    'the account\'s currency (ISO 4217; default: the store\'s, `moneta settings`)',
  )
    .addHelpText('after', '\nExample:\n  moneta accounts add "ING checking" --type checking --currency EUR --bank ing --iban "DE89 3704 0044 0532 0130 00" --opening-balance 1250.00 --opening-date 2024-01-01')
    .action(async (name: string, flags: AddFlags) => {
      const openingBalance = typeof flags.openingBalance === 'string' ? amountOf(flags.openingBalance, '--opening-balance') : undefined;
      const openingDate = flags.openingDate === undefined ? undefined : dateOf(flags.openingDate, '--opening-date');
      // Here --currency is the account's, not a new store's default.
      await withStore({ ...flags, currency: undefined }, 'create', async (store) => {
        const { result: account, change } = await withChange(() =>
          withFlagNames({ ...ACCOUNT_FLAGS, name: 'the name' }, () =>
            new AccountsService(store).create({
              name,
              type: flags.type,
              currency: flags.currency,
              bankId: optional(flags.bank) ?? undefined,
              iban: optional(flags.iban) ?? undefined,
              accountNumber: optional(flags.accountNumber) ?? undefined,
              openingBalance,
              openingDate,
            }),
          ),
        );
        if (flags.json) return void process.stdout.write(`${jsonForTerminal(accountJson(account, true))}\n`);
        say(`added account ${account.id} (${account.name}, ${account.type}, ${account.currency})`);
        sayChange(change);
      });
    });

  addStoreOptions(outputOptions(accounts.command('list').description('List the accounts by type, with their balances and the net worth per currency')))
    .addHelpText('after', '\nCURRENT counts every transaction, CLEARED leaves out the uncleared and pending ones, PENDING sums the pending ones.\nCurrencies are never added together: the net worth has a line per currency.')
    .action(async (flags: OutputFlags) => {
      checkOutput(flags);
      await withStore(flags, 'existing', async (store) => {
        const all = await new AccountsService(store).list();
        if (flags.json) process.stdout.write(`${jsonForTerminal({ accounts: all.map((account) => accountJson(account, false)), netWorth: netWorthByCurrency(all) })}\n`);
        else if (flags.csv) process.stdout.write(accountsCsv(all, process.stdout.isTTY === true));
        else process.stdout.write(accountsText(all));
      });
    });

  addStoreOptions(outputOptions(accounts.command('show <account>').description('Show one account, with its full IBAN and account number'))).action(
    async (text: string, flags: OutputFlags) => {
      checkOutput(flags);
      const id = accountIdOf(text, '<account>');
      await withStore(flags, 'existing', async (store) => {
        const account = await new AccountsService(store).get(id);
        if (flags.json) process.stdout.write(`${jsonForTerminal(accountJson(account, true))}\n`);
        else if (flags.csv) process.stdout.write(accountsCsv([account], process.stdout.isTTY === true));
        else process.stdout.write(accountText(account));
      });
    },
  );

  // The detail options come first: a --no-x defined before --x <value> would make x default to true.
  addStoreOptions(
    addDetailOptions(accounts.command('edit <account>').description('Change an account: only the flags given change'))
        .option('--name <name>', 'its new name')
        .addOption(typeOption())
        .option('--currency <code>', 'its currency (only while it holds no transactions)')
        .option('--no-bank', 'it is at no bank')
        .option('--no-iban', 'forget its IBAN')
        .option('--no-account-number', 'forget its account number')
        .option('--no-opening-balance', 'forget its opening balance and date')
        .option('--json', 'print the account as JSON'),
  )
    .addHelpText('after', '\nExample:\n  moneta accounts edit 3 --name "Joint checking" --opening-balance 980.10 --opening-date 2024-01-01')
    .action(async (text: string, flags: EditFlags) => {
      const id = accountIdOf(text, '<account>');
      const input: AccountUpdateInput = {};
      if (flags.name !== undefined) input.name = flags.name;
      if (flags.type !== undefined) input.type = flags.type;
      if (flags.currency !== undefined) input.currency = flags.currency;
      if (flags.bank !== undefined) input.bankId = optional(flags.bank);
      if (flags.iban !== undefined) input.iban = optional(flags.iban);
      if (flags.accountNumber !== undefined) input.accountNumber = optional(flags.accountNumber);
      if (flags.openingBalance === false) {
        if (flags.openingDate !== undefined) throw new UsageError('--no-opening-balance clears the opening date too: leave --opening-date out');
        input.openingBalance = null;
        input.openingDate = null;
      } else {
        if (flags.openingBalance !== undefined) input.openingBalance = amountOf(flags.openingBalance, '--opening-balance');
        if (flags.openingDate !== undefined) input.openingDate = dateOf(flags.openingDate, '--opening-date');
      }
      if (Object.keys(input).length === 0) throw new UsageError('say what changes: --name, --type, --currency, --bank, --iban, --account-number, --opening-balance, --opening-date (see --help)');
      await withStore(flags, 'existing', async (store) => {
        const { result: account, change } = await withChange(() => withFlagNames(ACCOUNT_FLAGS, () => new AccountsService(store).update(id, input)));
        if (flags.json) return void process.stdout.write(`${jsonForTerminal(accountJson(account, true))}\n`);
        say(`changed account ${account.id} (${account.name})`);
        sayChange(change);
      });
    });

  addStoreOptions(accounts.command('close <account>').description('Close an account: it keeps its transactions and balances; imports into it are refused').option('--on <date>', 'the day it closed (default today)')).action(
    async (text: string, flags: StoreFlags & { on?: string }) => {
      const id = accountIdOf(text, '<account>');
      const closedOn = flags.on === undefined ? today() : dateOf(flags.on, '--on');
      await withStore(flags, 'existing', async (store) => {
        const { result: account, change } = await withChange(() => withFlagNames({ ...ACCOUNT_FLAGS, closedOn: '--on' }, () => new AccountsService(store).update(id, { closedOn })));
        say(`closed account ${account.id} (${account.name}) on ${closedOn}`);
        sayChange(change);
      });
    },
  );

  addStoreOptions(accounts.command('reopen <account>').description('Reopen a closed account')).action(async (text: string, flags: StoreFlags) => {
    const id = accountIdOf(text, '<account>');
    await withStore(flags, 'existing', async (store) => {
      const { result: account, change } = await withChange(() => withFlagNames(ACCOUNT_FLAGS, () => new AccountsService(store).update(id, { closedOn: null })));
      say(`reopened account ${account.id} (${account.name})`);
      sayChange(change);
    });
  });

  addStoreOptions(
    accounts
      .command('remove <account>')
      .description('Remove an account; say where its transactions go when it has any')
      .addOption(new Option('--transactions <where>', 'its transactions: move them to --move-to, leave them in no account, or move them to the trash').choices(['move', 'unassign', 'trash']))
      .option('--move-to <account>', 'the account (same currency) that receives them')
      .option('--force', 'also when some of its transactions are reconciled'),
  )
    .addHelpText('after', '\nExample:\n  moneta accounts remove 4 --transactions move --move-to 2')
    .action(async (text: string, flags: StoreFlags & { transactions?: 'move' | 'unassign' | 'trash'; moveTo?: string; force?: boolean }) => {
      const id = accountIdOf(text, '<account>');
      const moveTo = flags.moveTo === undefined ? undefined : accountIdOf(flags.moveTo, '--move-to');
      await withStore(flags, 'existing', async (store) => {
        const { result: removed, change } = await withChange(() =>
          withFlagNames(ACCOUNT_FLAGS, () => new AccountsService(store).remove(id, { transactions: flags.transactions, moveTo, force: flags.force })),
        );
        const parts: string[] = [];
        if (removed.moved > 0) parts.push(`${removed.moved} transaction(s) moved to account ${String(moveTo)}`);
        if (removed.unassigned > 0) parts.push(`${removed.unassigned} transaction(s) now in no account`);
        if (removed.trashed > 0) parts.push(`${removed.trashed} transaction(s) moved to the trash`);
        say(`removed account ${id}${parts.length === 0 ? '' : `: ${parts.join('; ')}`}`);
        sayChange(change);
      });
    });

  registerLedgerCommands(accounts);
}
