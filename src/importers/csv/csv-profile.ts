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
}

const validateShape = new Ajv2020({ allErrors: true, strict: false }).compile(profileSchema);

const SHAPE_HINTS: Array<[RegExp, string]> = [
  [/columnSpec\/oneOf$/, 'must be a header name, a 0-based column position, or a non-empty list of them'],
  [/skipRule\/oneOf$/, 'needs "column" with "in" or "matches", or "missing" ("date" or "amount") without "column"'],
];

/** Ajv's errors as one message per problem; the branches of a failed oneOf are summed up by the oneOf. */
function shapeProblems(input: unknown): Array<{ pointer: string; message: string }> {
  if (validateShape(input)) return [];
  const errors = validateShape.errors ?? [];
  const oneOfPaths = errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath);
  const out: Array<{ pointer: string; message: string }> = [];
  for (const error of errors) {
    const path = error.instancePath;
    if (error.keyword !== 'oneOf' && error.schemaPath.includes('/oneOf/') && oneOfPaths.some((p) => path === p || path.startsWith(`${p}/`))) continue;
    const field = path === '' ? 'the profile' : `"${path.slice(1).replaceAll('/', '.')}"`;
    let message: string;
    switch (error.keyword) {
      case 'additionalProperties': {
        const name = String((error.params as { additionalProperty: string }).additionalProperty);
        out.push({ pointer: `${path}/${name}`, message: `${path === '' ? 'unknown setting' : `unknown setting in ${field}:`} "${name}"` });
        continue;
      }
      case 'required': {
        const name = String((error.params as { missingProperty: string }).missingProperty);
        out.push({ pointer: path, message: `"${[...path.slice(1).split('/').filter(Boolean), name].join('.')}" is required` });
        continue;
      }
      case 'enum':
        message = `must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'oneOf':
        message = SHAPE_HINTS.find(([pattern]) => pattern.test(error.schemaPath))?.[1] ?? (error.message ?? 'is not valid');
        break;
      case 'type':
        message = `must be ${String((error.params as { type: string }).type).replace('integer', 'a whole number').replace('boolean', 'true or false').replace('string', 'a string').replace('array', 'a list').replace('object', 'an object')}`;
        break;
      default:
        message = error.message ?? 'is not valid';
    }
    out.push({ pointer: path, message: `${field} ${message}` });
  }
  return out;
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
  const shape = shapeProblems(input);
  if (shape.length > 0) throw new ProfileInvalidError(source, shape.map((p) => located(p.pointer, p.message)));
  const raw = input as Record<string, unknown> & { columns: CsvColumns; skipRows?: SkipRule[]; direction?: DirectionSetting };
  const problems: string[] = [];
  const problem = (pointer: string, message: string) => problems.push(located(pointer, message));
  const encoding = (raw['encoding'] as string | undefined) ?? 'auto';
  if (encoding !== 'auto' && !normaliseEncodingName(encoding)) {
    problem('/encoding', `"encoding" is "${encoding}"; use auto, utf-8, utf-16le, utf-16be, windows-1252 or latin1`);
  }
  const header = (raw['header'] as boolean | undefined) ?? true;
  const delimiter = (raw['delimiter'] as CsvProfile['delimiter'] | undefined) ?? 'auto';
  const dateFormat = (raw['dateFormat'] as string | undefined) ?? 'auto';
  if (dateFormat !== 'auto') {
    const compiled = compileDateFormat(dateFormat);
    if (typeof compiled === 'string') problem('/dateFormat', `"dateFormat" "${dateFormat}" is not usable: ${compiled}`);
  }
  const decimalSeparator = (raw['decimalSeparator'] as CsvProfile['decimalSeparator'] | undefined) ?? 'auto';
  const thousandsSeparator = raw['thousandsSeparator'] as string | undefined;
  if (thousandsSeparator !== undefined && (/[\d\-+()]/.test(thousandsSeparator) || thousandsSeparator.includes(decimalSeparator))) {
    problem('/thousandsSeparator', `"thousandsSeparator" "${thousandsSeparator}" must not contain digits, signs, parentheses or the decimal separator`);
  }
  const columns = raw.columns;
  if (header === false) {
    for (const [role, spec] of Object.entries(columns)) {
      if (refs(spec).some((r) => typeof r === 'string')) problem(`/columns/${role}`, `"columns.${role}" names a header, but "header" is false; use 0-based column positions`);
    }
    if (delimiter === 'auto') problem('/delimiter', '"delimiter" must be set when "header" is false');
  }
  if (columns.description === undefined && columns.payee === undefined && columns.payer === undefined) {
    problem('/columns', '"columns" needs "description" (or "payee" / "payer")');
  }
  if (columns.amount === undefined && (columns.debit === undefined || columns.credit === undefined)) {
    problem('/columns', '"columns" needs "amount", or both "debit" and "credit"');
  } else if ((columns.debit === undefined) !== (columns.credit === undefined)) {
    problem('/columns', '"columns.debit" and "columns.credit" must be given together');
  }
  (raw.skipRows ?? []).forEach((rule, index) => {
    if (rule.matches === undefined) return;
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
