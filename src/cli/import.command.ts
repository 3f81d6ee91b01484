import { FORMAT_IDS } from '../importers/formats.js';
import { Option, type Command } from 'commander';
import { basename } from 'node:path';
import type { StoreFlags } from '../config.js';
import { StatementError, type StatementFormat } from '../importers/index.js';
import { ImportService, type ImportResult } from '../services/import.service.js';
import { accountIdOf } from './account-flags.js';
import { addCurrencyOption, addStoreOptions, CliError, sayChange, UsageError, withChange, withStore } from './cli-support.js';
import { terminalSafe } from './terminal-text.js';
import { printHumanReport, printJsonReport, startProgress } from './import-output.js';

interface ImportFlags extends StoreFlags {
  bank?: string;
  account?: string;
  format: StatementFormat | 'auto';
  profile?: string;
  dateFormat?: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  json?: boolean;
}

export function registerImportCommand(program: Command): void {
  addCurrencyOption(addStoreOptions(
    program
      .command('import <files...>')
      .description('Import bank statements (CSV, OFX/QFX, QIF, CAMT.053, MT940); rows already imported are recognised and skipped')
      .option('--bank <id>', 'the bank the statements come from (see `moneta banks list`); or --account')
      .option('--account <account>', "the account the statements are of (its id: `moneta accounts list`); the bank is then the account's, and the statement's balances are checked against the account's")
      .addOption(new Option('--format <format>', 'statement format').choices(['auto', ...FORMAT_IDS]).default('auto'))
      .option('--profile <name-or-file>', 'CSV column layout: a built-in profile (`moneta profiles list`) or a path to a profile JSON file; default: generic, else the built-in profile whose columns match')
      .option('--date-format <layout>', 'CSV date layout, e.g. DD/MM/YYYY, MM/DD/YY, YYYY-MM-DD, DD MMM YYYY (settles 01/02/2024 without writing a profile)')
      .option('--dry-run', 'report what would happen, write nothing')
      .option('--skip-invalid', 'import the valid rows of a file that has invalid ones (default: such a file imports nothing)')
      .option('--json', 'print {"added","duplicates","conflicts","invalid","skipped","notes","rows":[...]} per file, one JSON document per line; with --account also "balanceCheck" when the file states a balance'),
  ))
    .addHelpText(
      'after',
      '\nExamples:\n  moneta import statement.csv --bank ing --profile de-soll-haben\n  moneta import 2024-*.ofx --bank chase --dry-run --json\n  moneta import march.xml --account 1',
    )
    .action(async (files: string[], flags: ImportFlags) => {
      if (flags.bank === undefined && flags.account === undefined) throw new UsageError('say --bank <id> or --account <account>: the bank or the account the statements are of');
      const account = flags.account === undefined ? undefined : accountIdOf(flags.account, '--account');
      await withStore(flags, 'create', async (store) => {
        const service = new ImportService(store);
        const rejected: string[] = [];
        for (const file of files) {
          // Per file: an account without a bank has one after the first file that added rows.
          const target = await service.importTarget({ bank: flags.bank, account }, { location: 'query', bank: '--bank', account: '--account' });
          const progress = await startProgress(file, basename(file));
          let result: ImportResult;
          let change: number | undefined;
          try {
            ({ result, change } = await withChange(() => service.importFile(file, {
              bank: target.bank,
              ...(target.account === undefined ? {} : { account: target.account }),
              ...(target.accountTakesBank === undefined ? {} : { accountTakesBank: target.accountTakesBank }),
              format: flags.format,
              profile: flags.profile,
              dateFormat: flags.dateFormat,
              dryRun: flags.dryRun ?? false,
              skipInvalid: flags.skipInvalid ?? false,
              onProgress: (line) => progress.update(line),
              keepRows: flags.json ?? false,
            })));
          } catch (error) {
            // The message may quote the file (header cells, values): never raw to the terminal.
            if (error instanceof StatementError) throw new CliError(terminalSafe(error.message, true));
            throw error;
          } finally {
            progress.stop();
          }
          try {
            if (flags.json) await printJsonReport(result);
            else {
              printHumanReport(result, target.bank, target.account);
              sayChange(change);
            }
          } finally {
            await result.dispose();
          }
          if (result.outcome === 'rejected') rejected.push(`${result.file} (${result.invalid} invalid row${result.invalid === 1 ? '' : 's'})`);
        }
        if (rejected.length > 0) {
          throw new CliError(`nothing imported from ${rejected.join(', ')}: fix the rows listed, or use --skip-invalid to import the valid rows`);
        }
      });
    });
}
