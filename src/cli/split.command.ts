import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { splitObject, type SplitLine, type SplitRecord } from '../domain/splits.js';
import { SplitsService, type SplitFieldNames } from '../services/splits.service.js';
import { addStoreOptions, printTable, say, sayChange, UsageError, withChange, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

/** How `moneta split` names a line in its messages: by its place among the arguments. */
const ARGUMENT_NAMES: SplitFieldNames = {
  location: 'body',
  lines: 'the lines',
  amount: (index) => `line ${index + 1} (amount)`,
  category: (index) => `line ${index + 1} (category)`,
  memo: (index) => `line ${index + 1} (memo)`,
};

function transactionIdOf(text: string): number {
  if (!/^(0|[1-9][0-9]{0,15})$/.test(text) || !Number.isSafeInteger(Number(text))) throw new UsageError(`the transaction id must be a number such as 42 (got "${text}")`);
  return Number(text);
}

/**
 * One line from `<amount>[:<category>[:<memo>]]`: `-40:Groceries`, `-12.50:Household:bulbs`,
 * `-2.5` (no category). The amount is a plain decimal; a category or memo may hold ':' only in the memo.
 */
export function parseSplitLine(text: string, index: number): SplitLine {
  const [amountText = '', category = '', ...memo] = text.split(':');
  if (!/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(amountText)) {
    throw new UsageError(`line ${index + 1} ("${text}") must start with an amount such as -12.50, then :<category> and :<memo> if any`);
  }
  const memoText = memo.join(':');
  return { amount: Number(amountText), category: category === '' ? null : category, memo: memoText === '' ? null : memoText };
}

function printSplit(split: SplitRecord, json: boolean | undefined): void {
  if (json) return void process.stdout.write(`${jsonForTerminal(splitObject(split))}\n`);
  say(`transaction ${split.transactionId} (${split.value}) is split into ${split.lines.length} line(s):`);
  printTable(['LINE', 'AMOUNT', 'CATEGORY', 'MEMO'], split.lines.map((line, index) => [String(index + 1), String(line.amount), line.category ?? '', line.memo ?? '']));
}

/**
 * `moneta split <id> <amount>:<category> ...`: PUT /splits/{id} from the command line (the lines
 * replace any it had); `--show` reads them (GET), `--remove` removes the split (DELETE).
 * docs/transfers-and-splits.md.
 */
export function registerSplitCommand(program: Command): void {
  addStoreOptions(
    program
      .command('split <id> [lines...]')
      .description('Divide a transaction into lines <amount>[:<category>[:<memo>]] that add up to its value; --show or --remove a split')
      .option('--show', 'print the lines of the split, change nothing')
      .option('--remove', 'remove the split: the transaction stays, uncategorised')
      .option('--json', 'print JSON')
      // Negative amounts (-40:Groceries) look like options to the parser: they reach the lines,
      // which say what is wrong with anything that is neither.
      .allowUnknownOption(),
  )
    .addHelpText('after', '\nExamples:\n  moneta split 42 -40:Groceries -12.50:Household:bulbs\n  moneta split 42 --show\n  moneta split 42 --remove')
    .action(async (idText: string, lineTexts: string[], flags: StoreFlags & { show?: boolean; remove?: boolean; json?: boolean }) => {
      const id = transactionIdOf(idText);
      if (flags.show && flags.remove) throw new UsageError('--show and --remove cannot be used together');
      if ((flags.show || flags.remove) && lineTexts.length > 0) throw new UsageError(`--${flags.show ? 'show' : 'remove'} takes no lines`);
      if (!flags.show && !flags.remove && lineTexts.length === 0) throw new UsageError('give the lines, such as -40:Groceries -12.50:Household, or --show or --remove');
      const lines = lineTexts.map(parseSplitLine);
      await withStore(flags, 'existing', async (store) => {
        const splits = new SplitsService(store);
        if (flags.show) return printSplit(await splits.get(id), flags.json);
        if (flags.remove) {
          const { change } = await withChange(() => splits.remove(id));
          if (flags.json) process.stdout.write(`${jsonForTerminal({ transactionId: id, removed: true, change })}\n`);
          else {
            say(`removed the split of transaction ${id}`);
            sayChange(change);
          }
          return;
        }
        const { result, change } = await withChange(() => splits.put(id, lines, ARGUMENT_NAMES));
        if (flags.json) return void process.stdout.write(`${jsonForTerminal({ ...splitObject(result), change })}\n`);
        printSplit(result, false);
        sayChange(change);
      });
    });
}
