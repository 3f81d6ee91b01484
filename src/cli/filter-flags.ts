import type { Command } from 'commander';
import { isRealDate } from '../domain/dates.js';
import type { FilterFieldNames } from '../domain/transaction-filter.js';
import { parseNumberParameter } from '../http/number-parameter.js';
import type { FilterInput } from '../services/corrections.service.js';
import { UsageError } from './cli-support.js';

/**
 * The list's filters as command-line flags, shared by every command that chooses transactions
 * the way `GET /transactions` does (`moneta report ...`, `moneta transactions delete|recategorise`):
 * the same flags, the same help and the same messages everywhere.
 */
export interface FilterFlags {
  category?: string;
  uncategorised?: boolean;
  bank?: string;
  description?: string;
  from?: string;
  to?: string;
  minValue?: string;
  maxValue?: string;
}

/** How a problem with the filter names its field here: by its flag. */
export const FILTER_FLAG_NAMES: FilterFieldNames = { location: 'query', from: '--from', to: '--to', minValue: '--min-value', maxValue: '--max-value' };

export function addFilterOptions(command: Command): Command {
  return command
    .option('--category <name>', 'only this category')
    .option('--uncategorised', 'only transactions without a category')
    .option('--bank <id>', 'only this bank')
    .option('--description <text>', 'the description contains this text (case-insensitive)')
    .option('--from <date>', 'dated on or after this day (YYYY-MM-DD)')
    .option('--to <date>', 'dated on or before this day (YYYY-MM-DD)')
    .option('--min-value <x>', 'value at least x (negative = money out)')
    .option('--max-value <y>', 'value at most y');
}

/** The filter the flags name (the names as typed: the services normalise them), checked flag by flag. */
export function filterOfFlags(flags: FilterFlags): FilterInput {
  if (flags.category !== undefined && flags.uncategorised) throw new UsageError('choose one of --category and --uncategorised');
  const filter: FilterInput = {};
  if (flags.uncategorised) filter.category = null;
  else if (flags.category !== undefined) filter.category = flags.category;
  if (flags.bank !== undefined) filter.bank = flags.bank;
  if (flags.description !== undefined) filter.description = flags.description;
  if (flags.from !== undefined) filter.from = dateOf('--from', flags.from);
  if (flags.to !== undefined) filter.to = dateOf('--to', flags.to);
  if (flags.minValue !== undefined) filter.minValue = numberOf('--min-value', flags.minValue);
  if (flags.maxValue !== undefined) filter.maxValue = numberOf('--max-value', flags.maxValue);
  return filter;
}

function dateOf(flag: string, text: string): string {
  if (!isRealDate(text)) throw new UsageError(`${flag} must be a real calendar date written YYYY-MM-DD (got "${text}")`);
  return text;
}

function numberOf(flag: string, text: string): number {
  const parsed = parseNumberParameter(text);
  if (!parsed.ok) throw new UsageError(`${flag} ${parsed.message} (got "${text}")`);
  if (Math.abs(parsed.value) > 3.4028234663852886e38) throw new UsageError(`${flag} is outside the range of values (got "${text}")`);
  return parsed.value;
}
