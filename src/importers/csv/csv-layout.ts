// Works out, from the first 64 KB, everything needed to stream the rest of a CSV file:
// encoding, delimiter, which line holds the header (banks put account details above it),
// which column plays which role, and the date and number style when the profile says "auto".
import { defaultThousands, guessDecimalSeparator, type NumberStyle } from '../amounts.js';
import { compileDateFormat, type DateParser, guessDateFormat } from '../dates.js';
import { decodeHead, detectEncoding, HEAD_BYTES, normaliseEncodingName, type TextEncoding } from '../encoding.js';
import { StatementError } from '../types.js';
import type { ColumnSpec, CsvColumns, CsvProfile } from './csv-profile.js';

export interface ResolvedColumns {
  date: number;
  description: number[];
  amount?: number;
  debit?: number;
  credit?: number;
  bankTransactionId?: number;
  category?: number;
  account?: number;
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
}

const DELIMITERS = [',', ';', '\t', '|'];
/** Preamble lines searched for the header before giving up. */
const MAX_PREAMBLE_LINES = 200;
/** Data rows looked at when guessing date and number style. */
const SAMPLE_ROWS = 500;

export function planCsvLayout(head: Buffer, fileIsLonger: boolean, profile: CsvProfile, fileLabel: string): CsvLayout {
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
  if (profile.dateFormat === 'auto') {
    const guess = guessDateFormat(pick(found.columns.date));
    if (typeof guess === 'string') throw new StatementError(`cannot tell the date format of ${fileLabel}: ${guess}`);
    parseDate = guess.parse;
  } else {
    parseDate = compileDateFormat(profile.dateFormat) as DateParser; // validated with the profile
  }
  const { amount, debit, credit } = found.columns;
  const decimal = profile.decimalSeparator === 'auto'
    ? guessDecimalSeparator([...pick(amount), ...pick(debit), ...pick(credit)])
    : profile.decimalSeparator;
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
  };
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

function refs(spec: ColumnSpec | undefined): Array<string | number> {
  return spec === undefined ? [] : Array.isArray(spec) ? spec : [spec];
}

/** Returns the resolved columns, or undefined when a required role has no column in this header. */
function resolveColumns(header: string[] | null, width: number, columns: CsvColumns): ResolvedColumns | undefined {
  const names = header?.map(normaliseHeader);
  const find = (ref: string | number): number | undefined => {
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
  const amount = first(columns.amount);
  const debit = amount === undefined ? first(columns.debit) : undefined;
  const credit = amount === undefined ? first(columns.credit) : undefined;
  if (date === undefined || description.length === 0) return undefined;
  if (amount === undefined && (debit === undefined || credit === undefined)) return undefined;
  const labels = header?.map((h) => h.trim()) ?? [];
  return {
    date, description, amount, debit, credit, labels,
    bankTransactionId: first(columns.bankTransactionId),
    category: first(columns.category),
    account: first(columns.account),
  };
}

interface FoundHeader { lineIndex: number; delimiter: string; columns: ResolvedColumns }

function findHeader(lines: HeadLine[], profile: CsvProfile, fileLabel: string): FoundHeader {
  const delimiters = profile.delimiter === 'auto' ? DELIMITERS : [profile.delimiter];
  const limit = Math.min(lines.length, MAX_PREAMBLE_LINES);
  for (let lineIndex = 0; lineIndex < limit; lineIndex++) {
    const line = lines[lineIndex]?.text ?? '';
    for (const delimiter of delimiters) {
      if (!line.includes(delimiter)) continue;
      const header = splitLine(line, delimiter, profile.quote);
      const columns = resolveColumns(header, header.length, profile.columns);
      if (columns) return { lineIndex, delimiter, columns };
    }
  }
  throw new StatementError(
    `no header row found in the first ${limit} lines of ${fileLabel} for CSV profile "${profile.name}": ` +
    `expected a line with columns ${describeExpected(profile.columns)}`);
}

function describeExpected(columns: CsvColumns): string {
  const names = (spec: ColumnSpec | undefined) => refs(spec).map((r) => typeof r === 'number' ? `#${r}` : `"${r}"`).join(' or ');
  const money = columns.amount !== undefined
    ? `amount (${names(columns.amount)})${columns.debit !== undefined ? ` or debit (${names(columns.debit)}) and credit (${names(columns.credit)})` : ''}`
    : `debit (${names(columns.debit)}) and credit (${names(columns.credit)})`;
  return `for date (${names(columns.date)}), description (${names(columns.description)}) and ${money}`;
}

function positionalLayout(lines: HeadLine[], profile: CsvProfile): FoundHeader {
  const columns = resolveColumns(null, Number.MAX_SAFE_INTEGER, profile.columns);
  // Validation guarantees positions for every role when there is no header.
  if (!columns) throw new StatementError(`CSV profile "${profile.name}" has no usable column positions`);
  return { lineIndex: Math.min(profile.skipLines, lines.length), delimiter: profile.delimiter, columns };
}
