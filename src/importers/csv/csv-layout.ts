// Works out, from the first 64 KB, everything needed to stream the rest of a CSV file:
// encoding, delimiter, which line holds the header (banks put account details above it),
// which column plays which role, and the date and number style when the profile says "auto".
import { defaultThousands, guessDecimalSeparator, type NumberStyle } from '../amounts.js';
import { compileDateFormat, type DateParser, guessDateFormat, isDateInSomeLayout } from '../dates.js';
import { decodeHead, detectEncoding, HEAD_BYTES, normaliseEncodingName, type TextEncoding } from '../encoding.js';
import { StatementError } from '../types.js';
import { type ColumnRef, type ColumnSpec, type CsvColumns, type CsvProfile, refs } from './csv-profile.js';

export interface ResolvedColumns {
  date: number;
  description: number[];
  payee?: number;
  payer?: number;
  amount?: number;
  debit?: number;
  credit?: number;
  fee?: number;
  bankTransactionId?: number;
  category?: number;
  account?: number;
  balance?: number;
  runningBalance?: number;
  /** Header text (or "column N") per position, for messages such as `missing column "Betrag"`. */
  labels: string[];
}

export interface CsvLayout {
  encoding: TextEncoding;
  delimiter: string;
  quote: string;
  /** Characters of decoded text before the first line handed to the CSV parser. */
  startChar: number;
  /** 1-based line number of that first line. */
  startLine: number;
  /** The first parsed record is the header and is not data. */
  skipHeaderRecord: boolean;
  columns: ResolvedColumns;
  parseDate: DateParser;
  numberStyle: NumberStyle;
  invertSign: boolean;
  skip: ResolvedSkipRule[];
  direction?: ResolvedDirection;
  /** Every role the profile names has a column, and every sampled date fits its date layout. */
  fitsFully: boolean;
  /** The sampled dates fit the date layout: some do, and none is a date in another layout. */
  datesFit: boolean;
}

export type ResolvedSkipRule =
  | { kind: 'in'; column: number; values: Set<string>; reason: string }
  | { kind: 'matches'; column: number; pattern: RegExp; reason: string }
  | { kind: 'missing'; what: 'date' | 'amount'; reason: string };

export interface ResolvedDirection {
  column: number;
  out: Set<string>;
  in: Set<string>;
  /** The values as the profile lists them, for messages. */
  expected: string;
  /** The amount column of rows of money in, when it is not the amount column (see DirectionSetting). */
  inAmount?: number;
}

const DELIMITERS = [',', ';', '\t', '|'];
/** Preamble lines searched for the header before giving up. */
const MAX_PREAMBLE_LINES = 200;
/** Data rows looked at when guessing date and number style. */
const SAMPLE_ROWS = 500;

/** `dateFormat` (the --date-format option) replaces the profile's date layout. */
export function planCsvLayout(head: Buffer, fileIsLonger: boolean, profile: CsvProfile, fileLabel: string, dateFormat?: string): CsvLayout {
  const encoding = profile.encoding === 'auto' ? detectEncoding(head) : (normaliseEncodingName(profile.encoding) ?? 'utf8');
  let text = decodeHead(head, encoding);
  // The last line of a truncated head may be cut (or end in a half character): drop it.
  if (fileIsLonger || head.length >= HEAD_BYTES) text = text.slice(0, Math.max(text.lastIndexOf('\n'), 0) + 1);
  const lines = splitLinesWithOffsets(text);
  const found = profile.header ? findHeader(lines, profile, fileLabel) : positionalLayout(lines, profile);
  const dataLines = lines.slice(found.lineIndex + (profile.header ? 1 : 0), found.lineIndex + SAMPLE_ROWS);
  const samples = dataLines.map((l) => splitLine(l.text, found.delimiter, profile.quote));
  const pick = (index: number | undefined) =>
    index === undefined ? [] : samples.map((fields) => fields[index] ?? '').filter((v) => v.trim() !== '');

  let parseDate: DateParser;
  const layoutOfDates = dateFormat ?? profile.dateFormat;
  if (layoutOfDates === 'auto') {
    const guess = guessDateFormat(pick(found.columns.date));
    if (typeof guess === 'string') throw new StatementError(`cannot tell the date format of ${fileLabel}: ${guess}`);
    parseDate = guess.parse;
  } else {
    const compiled = compileDateFormat(layoutOfDates);
    if (typeof compiled === 'string') throw new StatementError(`the date format "${layoutOfDates}" is not usable: ${compiled}`);
    parseDate = compiled;
  }
  const { amount, debit, credit } = found.columns;
  const decimal = profile.decimalSeparator === 'auto'
    ? guessDecimalSeparator([...pick(amount), ...pick(debit), ...pick(credit)])
    : profile.decimalSeparator;
  // Text in the date column that is no date in any layout (a quoted field's continuation line,
  // a footer, a typo) says nothing about the layout; a date in another layout does.
  const dates = pick(found.columns.date);
  const fits = dates.map((d) => typeof parseDate(d) === 'string');
  const datesFit = fits.some(Boolean) && dates.every((d, i) => fits[i] || !isDateInSomeLayout(d));
  return {
    encoding,
    delimiter: found.delimiter,
    quote: profile.quote,
    startChar: lines[found.lineIndex]?.offset ?? text.length,
    startLine: found.lineIndex + 1,
    skipHeaderRecord: profile.header,
    columns: found.columns,
    parseDate,
    numberStyle: { decimal, thousands: profile.thousandsSeparator ?? defaultThousands(decimal) },
    invertSign: profile.invertSign,
    skip: found.skip,
    ...(found.direction ? { direction: found.direction } : {}),
    fitsFully: everyRoleFound(profile, found.columns) && fits.every(Boolean),
    datesFit,
  };
}

/**
 * The list of the profile's `identifiedBy` whose every name is in the file's header, or
 * undefined. Optional roles may be missing (a variant of the export without them), but the dates
 * must fit: a file with the bank's columns and other dates is not that bank's export.
 */
export function identifyingColumns(profile: CsvProfile, layout: CsvLayout): string[] | undefined {
  if (!layout.datesFit || layout.columns.labels.length === 0) return undefined;
  const header = new Set(layout.columns.labels.map(normaliseHeader));
  return profile.identifiedBy.find((names) => names.every((name) => header.has(normaliseHeader(name))));
}

/** For picking a profile by its header: a profile that names a column the file lacks is not this file's. */
function everyRoleFound(profile: CsvProfile, columns: ResolvedColumns): boolean {
  return Object.entries(profile.columns).every(([role, spec]) => {
    if (spec === undefined || role === 'debit' || role === 'credit') return true; // alternatives to amount
    if (role === 'runningBalance') return true; // a variant of the export may lack it
    if (role === 'description') return columns.description.length > 0;
    return columns[role as Exclude<keyof ResolvedColumns, 'labels' | 'description'>] !== undefined;
  }) && (profile.columns.amount === undefined || columns.amount !== undefined || (columns.debit !== undefined && columns.credit !== undefined));
}

interface HeadLine { text: string; offset: number }

function splitLinesWithOffsets(text: string): HeadLine[] {
  const out: HeadLine[] = [];
  const breaks = /\r\n|\n|\r/g;
  let start = 0;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) {
    out.push({ text: text.slice(start, m.index), offset: start });
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push({ text: text.slice(start), offset: start });
  return out;
}

/** Quote-aware split of one line; enough for header search and sampling (not for data). */
export function splitLine(line: string, delimiter: string, quote: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === quote && line[i + 1] === quote) { field += quote; i++; }
      else if (ch === quote) quoted = false;
      else field += ch;
    } else if (ch === quote && field.trim() === '') { quoted = true; field = ''; }
    else if (ch === delimiter) { fields.push(field); field = ''; }
    else field += ch;
  }
  fields.push(field);
  return fields;
}

function normaliseHeader(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

function normaliseValue(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toLowerCase();
}

interface Resolved {
  columns: ResolvedColumns;
  skip: ResolvedSkipRule[];
  direction?: ResolvedDirection;
}

/** The column positions of a header (null: positions only), or which roles it lacks. */
function resolveColumns(header: string[] | null, width: number, profile: CsvProfile): Resolved | { missing: string[]; found: Map<number, string> } {
  const { columns } = profile;
  const names = header?.map(normaliseHeader);
  const find = (ref: ColumnRef): number | undefined => {
    if (typeof ref === 'number') return ref < width || !names ? ref : undefined;
    const at = names?.indexOf(normaliseHeader(ref)) ?? -1;
    return at >= 0 ? at : undefined;
  };
  const first = (spec: ColumnSpec | undefined) => {
    for (const ref of refs(spec)) {
      const at = find(ref);
      if (at !== undefined) return at;
    }
    return undefined;
  };
  const date = first(columns.date);
  const description = refs(columns.description).map(find).filter((i): i is number => i !== undefined);
  const payee = first(columns.payee);
  const payer = first(columns.payer);
  const amount = first(columns.amount);
  const debit = amount === undefined ? first(columns.debit) : undefined;
  const credit = amount === undefined ? first(columns.credit) : undefined;
  const directionColumn = profile.direction ? first(profile.direction.column) : undefined;
  const inAmount = profile.direction ? first(profile.direction.inAmount) : undefined;
  const found = new Map<number, string>();
  const missing: string[] = [];
  if (date === undefined) missing.push('date'); else found.set(date, 'date');
  if (description.length === 0 && payee === undefined && payer === undefined) missing.push('description');
  for (const at of [...description, payee, payer]) if (at !== undefined) found.set(at, 'description');
  if (amount !== undefined) found.set(amount, 'amount');
  else if (debit !== undefined && credit !== undefined) { found.set(debit, 'debit'); found.set(credit, 'credit'); }
  else missing.push(columns.amount !== undefined && columns.debit !== undefined ? 'amount (or debit and credit)' : columns.amount !== undefined ? 'amount' : 'debit and credit');
  if (profile.direction && directionColumn === undefined) missing.push('direction');
  if (profile.direction?.inAmount !== undefined && inAmount === undefined) missing.push('amount of money in');
  if (missing.length > 0 || date === undefined) return { missing, found };
  const labels = header?.map((h) => h.trim()) ?? [];
  const skip: ResolvedSkipRule[] = [];
  for (const rule of profile.skipRows) {
    if (rule.missing) { skip.push({ kind: 'missing', what: rule.missing, reason: rule.reason }); continue; }
    const column = first(rule.column);
    if (column === undefined) continue; // a rule for a column this variant of the export lacks
    if (rule.in) skip.push({ kind: 'in', column, values: new Set(rule.in.map(normaliseValue)), reason: rule.reason });
    else if (rule.matches) skip.push({ kind: 'matches', column, pattern: new RegExp(rule.matches, 'iu'), reason: rule.reason });
  }
  const direction = profile.direction && directionColumn !== undefined
    ? {
        column: directionColumn,
        out: new Set(profile.direction.out.map(normaliseValue)),
        in: new Set(profile.direction.in.map(normaliseValue)),
        expected: [...profile.direction.out, ...profile.direction.in].map((v) => `"${v}"`).join(' or '),
        ...(inAmount !== undefined ? { inAmount } : {}),
      }
    : undefined;
  return {
    columns: {
      date, description, payee, payer, amount, debit, credit, labels,
      fee: first(columns.fee),
      bankTransactionId: first(columns.bankTransactionId),
      category: first(columns.category),
      account: first(columns.account),
      balance: first(columns.balance),
      runningBalance: first(columns.runningBalance),
    },
    skip,
    ...(direction ? { direction } : {}),
  };
}

interface FoundHeader extends Resolved { lineIndex: number; delimiter: string }

/** A header cell that looks like a role's column without being one the profile names. */
const NEAR_MISS: Array<[string, RegExp]> = [
  ['date', /date|datum|data\b|fecha|buchung(?!stext)|valuta|wertstellung|booking|posted/i],
  ['amount', /amount|betrag|bedrag|valor|montant|importe|umsatz|money|paid|debit|credit|soll|haben|sum/i],
  ['description', /desc|text|payee|name|naam|memo|verwendung|zweck|narrative|details|reference|omschrijving|lan[cç]amento|hist[oó]rico|empf[aä]nger|beg[uü]nstigter|note|partner|counter|merchant|transaction/i],
];

function noHeaderMessage(lines: HeadLine[], limit: number, profile: CsvProfile, fileLabel: string): string {
  let best: { lineIndex: number; delimiter: string; header: string[]; missing: string[]; found: Map<number, string> } | undefined;
  for (let lineIndex = 0; lineIndex < limit; lineIndex++) {
    const line = lines[lineIndex]?.text ?? '';
    for (const delimiter of DELIMITERS) { // every delimiter: a profile's own may be the problem
      if (!line.includes(delimiter)) continue;
      const header = splitLine(line, delimiter, profile.quote);
      const result = resolveColumns(header, header.length, profile);
      if (!('missing' in result)) continue;
      const score = (c: typeof best) => (c ? c.found.size * 1000 + c.header.length : -1);
      const candidate = { lineIndex, delimiter, header, ...result };
      if (score(candidate) > score(best)) best = candidate;
    }
  }
  const parts = [`no header row found in the first ${limit} lines of ${fileLabel} for CSV profile "${profile.name}": expected a line with columns ${describeExpected(profile.columns)}.`];
  if (best) {
    const found = [...best.found].map(([at, role]) => `${role} ("${(best?.header[at] ?? '').trim()}")`);
    parts.push(`The likeliest header is line ${best.lineIndex + 1}: ${found.length > 0 ? `found ${found.join(', ')}; ` : ''}not found: ${best.missing.join(', ')}.`);
    if (profile.delimiter !== 'auto' && profile.delimiter !== best.delimiter) {
      parts.push(`It is separated by ${JSON.stringify(best.delimiter)}, and the profile expects ${JSON.stringify(profile.delimiter)}.`);
    }
    const close: string[] = [];
    best.header.forEach((cell, at) => {
      const name = cell.trim();
      if (name === '' || best?.found.has(at)) return;
      const role = NEAR_MISS.find(([, pattern]) => pattern.test(name))?.[0];
      if (role) close.push(`"${name}" (${role}?)`);
    });
    if (close.length > 0) parts.push(`Columns that came close: ${close.slice(0, 8).join(', ')}.`);
  }
  parts.push('To go on: pick a built-in profile with --profile <name> (`moneta profiles list`), or write a profile JSON file that names your columns ' +
    '(`"header": false` and 0-based positions if the file has no header row) and pass --profile ./my-profile.json.');
  return parts.join(' ');
}

function findHeader(lines: HeadLine[], profile: CsvProfile, fileLabel: string): FoundHeader {
  const delimiters = profile.delimiter === 'auto' ? DELIMITERS : [profile.delimiter];
  const limit = Math.min(lines.length, MAX_PREAMBLE_LINES);
  for (let lineIndex = 0; lineIndex < limit; lineIndex++) {
    const line = lines[lineIndex]?.text ?? '';
    for (const delimiter of delimiters) {
      if (!line.includes(delimiter)) continue;
      const header = splitLine(line, delimiter, profile.quote);
      const resolved = resolveColumns(header, header.length, profile);
      if (!('missing' in resolved)) return { lineIndex, delimiter, ...resolved };
    }
  }
  throw new StatementError(noHeaderMessage(lines, limit, profile, fileLabel));
}

function describeExpected(columns: CsvColumns): string {
  const names = (spec: ColumnSpec | undefined) => refs(spec).map((r) => typeof r === 'number' ? `#${r}` : `"${r}"`).join(' or ');
  const money = columns.amount !== undefined
    ? `amount (${names(columns.amount)})${columns.debit !== undefined ? ` or debit (${names(columns.debit)}) and credit (${names(columns.credit)})` : ''}`
    : `debit (${names(columns.debit)}) and credit (${names(columns.credit)})`;
  const text = [columns.description, columns.payee, columns.payer].filter((c) => c !== undefined).map(names).join(' or ');
  return `for date (${names(columns.date)}), description (${text}) and ${money}`;
}

function positionalLayout(lines: HeadLine[], profile: CsvProfile): FoundHeader {
  const resolved = resolveColumns(null, Number.MAX_SAFE_INTEGER, profile);
  // Validation guarantees positions for every role when there is no header.
  if ('missing' in resolved) throw new StatementError(`CSV profile "${profile.name}" has no usable column positions`);
  return { lineIndex: Math.min(profile.skipLines, lines.length), delimiter: profile.delimiter, ...resolved };
}
