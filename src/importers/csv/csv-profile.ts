// CSV profiles: a JSON description of one bank's export layout. Profiles are data, not
// code, so users can add their bank without a release; they are therefore validated field
// by field with messages that say which setting is wrong and what would be accepted.
import { compileDateFormat } from '../dates.js';
import { normaliseEncodingName } from '../encoding.js';
import { StatementError } from '../types.js';

/**
 * A column by header name (matched case-insensitively, whitespace collapsed) or by
 * 0-based position. A list means: for description, join every listed column that exists
 * with " "; for every other role, use the first listed column that exists.
 */
export type ColumnRef = string | number;
export type ColumnSpec = ColumnRef | ColumnRef[];

export interface CsvColumns {
  date: ColumnSpec;
  description: ColumnSpec;
  /** One signed amount column... */
  amount?: ColumnSpec;
  /** ...or two unsigned ones: debit is money out, credit money in. Used when no amount column is found. */
  debit?: ColumnSpec;
  credit?: ColumnSpec;
  bankTransactionId?: ColumnSpec;
  category?: ColumnSpec;
  account?: ColumnSpec;
}

export interface CsvProfile {
  name: string;
  description?: string;
  /** "auto" or utf-8, utf-16le, utf-16be, windows-1252, latin1. */
  encoding: string;
  /** "auto" or one of , ; \t | */
  delimiter: 'auto' | ',' | ';' | '\t' | '|';
  quote: string;
  /** false: no header row; every column must then be given by position. */
  header: boolean;
  /** Lines to skip before the data when header is false. */
  skipLines: number;
  /** "auto" (only when unambiguous) or a layout such as DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD. */
  dateFormat: string;
  decimalSeparator: 'auto' | ',' | '.';
  /** Grouping characters; by default "." plus space and apostrophe for a decimal comma, else ",". */
  thousandsSeparator?: string;
  /** Flip every sign, for exports (credit cards) that write spending as positive. */
  invertSign: boolean;
  columns: CsvColumns;
}

const ROLES = ['date', 'description', 'amount', 'debit', 'credit', 'bankTransactionId', 'category', 'account'] as const;
const TOP_LEVEL = ['name', 'description', 'encoding', 'delimiter', 'quote', 'header', 'skipLines', 'dateFormat',
  'decimalSeparator', 'thousandsSeparator', 'invertSign', 'columns', '$comment'];

/** Validates parsed JSON as a profile; throws a list of every problem found, one per line. */
export function validateProfile(input: unknown, source: string): CsvProfile {
  const problems: string[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProfileInvalidError(source, ['the file must contain one JSON object']);
  }
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!TOP_LEVEL.includes(key)) problems.push(`unknown setting "${key}" (known: ${TOP_LEVEL.slice(0, -1).join(', ')})`);
  }
  const str = (key: string, fallback?: string): string => {
    const value = raw[key] ?? fallback;
    if (typeof value !== 'string') {
      problems.push(`"${key}" must be a string`);
      return '';
    }
    return value;
  };
  const name = str('name');
  if (raw['name'] !== undefined && name.trim() === '') problems.push('"name" must not be empty');
  const encoding = str('encoding', 'auto');
  if (encoding !== 'auto' && !normaliseEncodingName(encoding)) {
    problems.push(`"encoding" is "${encoding}"; use auto, utf-8, utf-16le, utf-16be, windows-1252 or latin1`);
  }
  const delimiter = str('delimiter', 'auto');
  if (!['auto', ',', ';', '\t', '|'].includes(delimiter)) {
    problems.push(`"delimiter" is ${JSON.stringify(delimiter)}; use "auto", ",", ";", "\\t" or "|"`);
  }
  const quote = str('quote', '"');
  if (quote.length !== 1) problems.push('"quote" must be exactly one character');
  const header = raw['header'] ?? true;
  if (typeof header !== 'boolean') problems.push('"header" must be true or false');
  const skipLines = raw['skipLines'] ?? 0;
  if (typeof skipLines !== 'number' || !Number.isInteger(skipLines) || skipLines < 0) problems.push('"skipLines" must be a whole number >= 0');
  const dateFormat = str('dateFormat', 'auto');
  if (dateFormat !== 'auto') {
    const compiled = compileDateFormat(dateFormat);
    if (typeof compiled === 'string') problems.push(`"dateFormat" "${dateFormat}" is not usable: ${compiled}`);
  }
  const decimalSeparator = str('decimalSeparator', 'auto');
  if (!['auto', ',', '.'].includes(decimalSeparator)) problems.push(`"decimalSeparator" is "${decimalSeparator}"; use "auto", "," or "."`);
  let thousandsSeparator: string | undefined;
  if (raw['thousandsSeparator'] !== undefined) {
    thousandsSeparator = str('thousandsSeparator');
    if (/[\d\-+()]/.test(thousandsSeparator) || thousandsSeparator.includes(decimalSeparator)) {
      problems.push(`"thousandsSeparator" "${thousandsSeparator}" must not contain digits, signs, parentheses or the decimal separator`);
    }
  }
  const invertSign = raw['invertSign'] ?? false;
  if (typeof invertSign !== 'boolean') problems.push('"invertSign" must be true or false');
  const columns = validateColumns(raw['columns'], header === false, problems);
  if (header === false && delimiter === 'auto') problems.push('"delimiter" must be set when "header" is false');
  if (problems.length > 0) throw new ProfileInvalidError(source, problems);
  return {
    name, encoding, quote, dateFormat, thousandsSeparator, columns,
    description: typeof raw['description'] === 'string' ? raw['description'] : undefined,
    delimiter: delimiter as CsvProfile['delimiter'],
    header: header as boolean,
    skipLines: skipLines as number,
    decimalSeparator: decimalSeparator as CsvProfile['decimalSeparator'],
    invertSign: invertSign as boolean,
  };
}

function validateColumns(input: unknown, byPositionOnly: boolean, problems: string[]): CsvColumns {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    problems.push('"columns" must be an object mapping roles (date, description, amount...) to column names or positions');
    return { date: 0, description: 0 };
  }
  const raw = input as Record<string, unknown>;
  const columns: Partial<Record<(typeof ROLES)[number], ColumnSpec>> = {};
  for (const [role, spec] of Object.entries(raw)) {
    if (!(ROLES as readonly string[]).includes(role)) {
      problems.push(`"columns.${role}" is not a known role (known: ${ROLES.join(', ')})`);
      continue;
    }
    const refs = Array.isArray(spec) ? spec : [spec];
    const ok = refs.length > 0 && refs.every((r) =>
      (typeof r === 'string' && r.trim() !== '') || (typeof r === 'number' && Number.isInteger(r) && r >= 0));
    if (!ok) {
      problems.push(`"columns.${role}" must be a header name, a 0-based column position, or a non-empty list of them`);
      continue;
    }
    if (byPositionOnly && refs.some((r) => typeof r === 'string')) {
      problems.push(`"columns.${role}" names a header, but "header" is false; use 0-based column positions`);
    }
    columns[role as (typeof ROLES)[number]] = spec as ColumnSpec;
  }
  if (columns.date === undefined) problems.push('"columns.date" is required');
  if (columns.description === undefined) problems.push('"columns.description" is required');
  const hasDebitCredit = columns.debit !== undefined && columns.credit !== undefined;
  if (columns.amount === undefined && !hasDebitCredit) {
    problems.push('"columns" needs "amount", or both "debit" and "credit"');
  } else if ((columns.debit === undefined) !== (columns.credit === undefined)) {
    problems.push('"columns.debit" and "columns.credit" must be given together');
  }
  return { ...columns, date: columns.date ?? 0, description: columns.description ?? 0 };
}

/** A StatementError, so callers handle a bad profile like any other whole-file problem. */
export class ProfileInvalidError extends StatementError {
  constructor(readonly source: string, readonly problems: string[]) {
    super(`CSV profile ${source} is invalid:\n- ${problems.join('\n- ')}`);
  }
}
