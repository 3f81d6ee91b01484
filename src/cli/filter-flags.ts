import type { Command } from 'commander';
import { DomainError } from '../domain/errors.js';
import { selectionFilterOf, transactionFilterOf, type FilterFieldNames, type FilterInput } from '../domain/filter-input.js';
import type { TransactionFilter } from '../domain/transaction-filter.js';
import { parseNumberParameter } from '../http/number-parameter.js';
import { UsageError } from './cli-support.js';

/**
 * The list's filters as command-line flags, shared by every command that chooses transactions
 * the way `GET /transactions` does (`moneta report ...`, `moneta transactions delete|recategorise`):
 * the same flags, the same help and the same messages everywhere. They are converted as a query's
 * or a body's filter is (domain/filter-input.ts), naming the flags in problems.
 */
export interface FilterFlags {
  category?: string;
  uncategorised?: boolean;
  bank?: string;
  account?: string;
  description?: string;
  from?: string;
  to?: string;
  minValue?: string;
  maxValue?: string;
}

/** How a problem with the filter names its field here: by its flag. */
export const FILTER_FLAG_NAMES: FilterFieldNames = {
  location: 'query',
  filter: 'the filter flags',
  category: '--category',
  bank: '--bank',
  account: '--account',
  description: '--description',
  from: '--from',
  to: '--to',
  minValue: '--min-value',
  maxValue: '--max-value',
};

export function addFilterOptions(command: Command): Command {
  return command
    .option('--category <name>', 'only this category')
    .option('--uncategorised', 'only transactions without a category')
    .option('--bank <id>', 'only this bank')
    .option('--account <id>', 'only this account (its id: moneta accounts list)')
    .option('--description <text>', 'the description contains this text (case-insensitive)')
    .option('--from <date>', 'dated on or after this day (YYYY-MM-DD)')
    .option('--to <date>', 'dated on or before this day (YYYY-MM-DD)')
    .option('--min-value <x>', 'value at least x (negative = money out)')
    .option('--max-value <y>', 'value at most y');
}

/** The filter a report reads by (domain/filter-input.ts); a bad one is a usage error naming its flag. */
export function filterOfFlags(flags: FilterFlags): TransactionFilter {
  const input = inputOfFlags(flags);
  return asUsageError(() => transactionFilterOf(input, FILTER_FLAG_NAMES));
}

/** The filter a bulk command changes rows by (checked as a JSON body's filter is), or null when no filter flag is given. */
export function selectionFilterOfFlags(flags: FilterFlags): TransactionFilter | null {
  const input = inputOfFlags(flags);
  if (Object.keys(input).length === 0) return null;
  return asUsageError(() => selectionFilterOf(input, FILTER_FLAG_NAMES));
}

/** The flags' text in the conversion's shape: only numbers are read here (as the API reads them). */
function inputOfFlags(flags: FilterFlags): FilterInput {
  if (flags.category !== undefined && flags.uncategorised) throw new UsageError('choose one of --category and --uncategorised');
  const input: FilterInput = {};
  if (flags.uncategorised) input.category = null;
  else if (flags.category !== undefined) input.category = flags.category;
  if (flags.bank !== undefined) input.bank = flags.bank;
  if (flags.account !== undefined) input.account = numberOf('--account', flags.account);
  if (flags.description !== undefined) input.description = flags.description;
  if (flags.from !== undefined) input.from = flags.from;
  if (flags.to !== undefined) input.to = flags.to;
  if (flags.minValue !== undefined) input.minValue = numberOf('--min-value', flags.minValue);
  if (flags.maxValue !== undefined) input.maxValue = numberOf('--max-value', flags.maxValue);
  return input;
}

function numberOf(flag: string, text: string): number {
  const parsed = parseNumberParameter(text);
  if (!parsed.ok) throw new UsageError(`${flag} ${parsed.message} (got "${text}")`);
  return parsed.value;
}

/** A filter the conversion refuses is a command line that was wrong: exit code 2. */
function asUsageError<T>(convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (error instanceof DomainError) throw new UsageError(error.message);
    throw error;
  }
}
