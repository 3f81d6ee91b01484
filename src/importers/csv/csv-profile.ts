// CSV profiles: a JSON description of one bank's export layout. Profiles are data, not
// code, so users can add their bank without a release; they are validated against the
// shipped JSON Schema and then rule by rule, with messages that point into the file.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileDateFormat } from '../dates.js';
import { normaliseEncodingName } from '../encoding.js';
import profileSchema from '../profiles/profile.schema.json' with { type: 'json' };
import { StatementError } from '../types.js';
import { jsonPositions } from './json-positions.js';

/**
 * A column by header name (matched case-insensitively, whitespace collapsed) or by
 * 0-based position. A list means: for description, join every listed column that exists
 * with " "; for every other role, use the first listed column that exists.
 */
export type ColumnRef = string | number;
export type ColumnSpec = ColumnRef | ColumnRef[];

export interface CsvColumns {
  date: ColumnSpec;
  description?: ColumnSpec;
  /** The other party when money goes out / comes in; put in front of the description. */
  payee?: ColumnSpec;
  payer?: ColumnSpec;
  /** One signed amount column... */
  amount?: ColumnSpec;
  /** ...or two unsigned ones: debit is money out, credit money in. Used when no amount column is found. */
  debit?: ColumnSpec;
  credit?: ColumnSpec;
  /** A fee on top of the amount, subtracted from it. */
  fee?: ColumnSpec;
  bankTransactionId?: ColumnSpec;
  category?: ColumnSpec;
  account?: ColumnSpec;
  /** The balance after the row; read on balance lines only (see balance-lines.ts). */
  balance?: ColumnSpec;
  /**
   * The account's balance after each row, on every row: the statement's opening and closing
   * balances are read from it (running-balance.ts). Optional: a variant of the export without it
   * is still this profile's.
   */
  runningBalance?: ColumnSpec;
}

/** A row that is not a booked transaction: skipped and reported with `reason`. */
export interface SkipRule {
  column?: ColumnSpec;
  /** Values (case and spacing ignored) of `column` that mean "skip". */
  in?: string[];
  /** A case-insensitive regular expression on `column`. */
  matches?: string;
  /** Skip when the row has no date, or no amount. */
  missing?: 'date' | 'amount';
  reason: string;
}

/** Unsigned amounts with a column that says which way the money went. */
export interface DirectionSetting {
  column: ColumnSpec;
  out: string[];
  in: string[];
  /**
   * Where rows of money coming in say what arrived, fees already taken, when that is not the
   * amount column (Wise's transaction history: the target amount). The fee is not subtracted from it.
   */
  inAmount?: ColumnSpec;
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
  direction?: DirectionSetting;
  skipRows: SkipRule[];
  columns: CsvColumns;
  /**
   * Header names that together identify this bank's export, one list per variant of it. A file
   * imported without --profile whose header has every name of one list is read with the first
   * built-in profile it identifies, even when the generic profile could read it too.
   */
  identifiedBy: string[][];
}

const validateShape = new Ajv2020({ allErrors: true, strict: false }).compile(profileSchema);

/** A oneOf failure says little ("must match exactly one schema"); say what the place accepts. */
function oneOfHint(instancePath: string): string {
  if (/^\/skipRows\/\d+$/.test(instancePath)) return 'needs "column" with "in" or "matches", or "missing" ("date" or "amount") without "column"';
  return 'must be a header name, a 0-based column position, or a non-empty list of them';
}

function knownKeys(pointer: string): string {
  const schema = profileSchema as { properties: Record<string, { properties?: Record<string, unknown> }>; $defs: { skipRule: { properties: Record<string, unknown> } } };
  const parts = pointer.split('/').filter(Boolean);
  const properties = parts.length === 0 ? schema.properties
    : parts[0] === 'skipRows' ? schema.$defs.skipRule.properties
      : schema.properties[parts[0] as string]?.properties;
  return properties ? Object.keys(properties).filter((k) => !k.startsWith('$')).join(', ') : '';
}

/** Ajv's errors as one message per problem; what failed inside a oneOf is summed up by the oneOf. */
function shapeProblems(input: unknown): Array<{ pointer: string; message: string }> {
  if (validateShape(input)) return [];
  const errors = validateShape.errors ?? [];
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const under = (path: string) => [...oneOfPaths].some((p) => path === p || path.startsWith(`${p}/`));
  const out: Array<{ pointer: string; message: string }> = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const path = error.instancePath;
    if (error.keyword !== 'oneOf' && under(path) && error.keyword !== 'additionalProperties') continue;
    const field = path === '' ? 'the profile' : `"${path.slice(1).replaceAll('/', '.')}"`;
    let pointer = path;
    let message: string;
    switch (error.keyword) {
      case 'additionalProperties': {
        const name = String((error.params as { additionalProperty: string }).additionalProperty);
        pointer = `${path}/${name}`;
        message = `${path === '' ? '' : `${field}: `}unknown setting "${name}" (known: ${knownKeys(path)})`;
        break;
      }
      case 'required':
        message = `"${[...path.slice(1).split('/').filter(Boolean), String((error.params as { missingProperty: string }).missingProperty)].join('.')}" is required`;
        break;
      case 'enum':
        message = `${field} is ${JSON.stringify(valueAt(input, path))}; use ${((error.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'oneOf':
        message = `${field} ${oneOfHint(path)}`;
        break;
      case 'type':
        message = `${field} must be ${({ integer: 'a whole number', boolean: 'true or false', string: 'a string', array: 'a list', object: 'an object' } as Record<string, string>)[String((error.params as { type: string }).type)] ?? String((error.params as { type: string }).type)}`;
        break;
      case 'minItems':
        message = `${field} must not be empty`;
        break;
      default:
        message = `${field} ${error.message ?? 'is not valid'}`;
    }
    if (seen.has(message)) continue;
    seen.add(message);
    out.push({ pointer, message });
  }
  return out;
}

function valueAt(input: unknown, pointer: string): unknown {
  let current = input;
  for (const part of pointer.split('/').filter(Boolean)) current = (current as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return current;
}

/**
 * Validates parsed JSON as a profile against the shipped JSON Schema (profile.schema.json),
 * then the rules a schema cannot say (a usable date layout, a regular expression that
 * compiles...). Throws every problem found, one per line; given the file's text, each problem
 * starts with the file, line and column it is about.
 */
export function validateProfile(input: unknown, source: string, text?: string): CsvProfile {
  const positions = text === undefined ? undefined : jsonPositions(text);
  const located = (pointer: string, message: string) => {
    const at = positions?.get(pointer);
    const where = at?.key ?? at?.value;
    return where ? `${source}:${where.line}:${where.column}: ${message}` : message;
  };
  const problems = shapeProblems(input).map((p) => located(p.pointer, p.message));
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new ProfileInvalidError(source, problems);
  // The checks below read only values of the right type, so they add to the schema's findings.
  const raw = input as Record<string, unknown> & { columns: CsvColumns; skipRows?: SkipRule[]; direction?: DirectionSetting };
  const problem = (pointer: string, message: string) => problems.push(located(pointer, message));
  const setting = (key: string, fallback: string) => (typeof raw[key] === 'string' ? raw[key] : fallback);
  const encoding = setting('encoding', 'auto');
  if (encoding !== 'auto' && !normaliseEncodingName(encoding)) {
    problem('/encoding', `"encoding" is "${encoding}"; use auto, utf-8, utf-16le, utf-16be, windows-1252 or latin1`);
  }
  const header = raw['header'] !== false;
  const delimiter = setting('delimiter', 'auto') as CsvProfile['delimiter'];
  const dateFormat = setting('dateFormat', 'auto');
  if (dateFormat !== 'auto') {
    const compiled = compileDateFormat(dateFormat);
    if (typeof compiled === 'string') problem('/dateFormat', `"dateFormat" "${dateFormat}" is not usable: ${compiled}`);
  }
  const decimalSeparator = setting('decimalSeparator', 'auto') as CsvProfile['decimalSeparator'];
  const thousandsSeparator = typeof raw['thousandsSeparator'] === 'string' ? raw['thousandsSeparator'] : undefined;
  if (thousandsSeparator !== undefined && (/[\d\-+()]/.test(thousandsSeparator) || thousandsSeparator.includes(decimalSeparator))) {
    problem('/thousandsSeparator', `"thousandsSeparator" "${thousandsSeparator}" must not contain digits, signs, parentheses or the decimal separator`);
  }
  const columns: CsvColumns = typeof raw.columns === 'object' && raw.columns !== null && !Array.isArray(raw.columns) ? raw.columns : { date: 0 };
  if (!header) {
    for (const [role, spec] of Object.entries(columns)) {
      if (refs(spec).some((r) => typeof r === 'string')) problem(`/columns/${role}`, `"columns.${role}" names a header, but "header" is false; use 0-based column positions`);
    }
    if (delimiter === 'auto') problem('/delimiter', '"delimiter" must be set when "header" is false');
  }
  const hasColumns = raw.columns === columns; // else the schema has reported it
  if (hasColumns && columns.description === undefined && columns.payee === undefined && columns.payer === undefined) {
    problem('/columns', '"columns" needs "description" (or "payee" / "payer")');
  }
  if (hasColumns && columns.amount === undefined && (columns.debit === undefined || columns.credit === undefined)) {
    problem('/columns', '"columns" needs "amount", or both "debit" and "credit"');
  } else if (hasColumns && (columns.debit === undefined) !== (columns.credit === undefined)) {
    problem('/columns', '"columns.debit" and "columns.credit" must be given together');
  }
  (Array.isArray(raw.skipRows) ? raw.skipRows : []).forEach((rule, index) => {
    if (typeof rule?.matches !== 'string') return;
    try {
      new RegExp(rule.matches, 'iu');
    } catch (error) {
      problem(`/skipRows/${index}/matches`, `"skipRows.${index}.matches" is not a regular expression: ${(error as Error).message}`);
    }
  });
  if (problems.length > 0) throw new ProfileInvalidError(source, problems);
  return {
    name: raw['name'] as string,
    description: raw['description'] as string | undefined,
    encoding, delimiter, header, dateFormat, decimalSeparator, thousandsSeparator,
    quote: (raw['quote'] as string | undefined) ?? '"',
    skipLines: (raw['skipLines'] as number | undefined) ?? 0,
    invertSign: (raw['invertSign'] as boolean | undefined) ?? false,
    direction: raw.direction,
    skipRows: raw.skipRows ?? [],
    columns,
    identifiedBy: (raw['identifiedBy'] as string[][] | undefined) ?? [],
  };
}

export function refs(spec: ColumnSpec | undefined): ColumnRef[] {
  return spec === undefined ? [] : Array.isArray(spec) ? spec : [spec];
}

/** A StatementError, so callers handle a bad profile like any other whole-file problem. */
export class ProfileInvalidError extends StatementError {
  constructor(readonly source: string, readonly problems: string[]) {
    super(`CSV profile ${source} is invalid:\n- ${problems.join('\n- ')}`);
  }
}
