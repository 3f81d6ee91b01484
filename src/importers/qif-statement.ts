// QIF (Quicken Interchange Format): line-based records of `<code><value>` ending at `^`,
// grouped in `!Type:` sections. Only cash-like sections hold bank transactions; category
// lists, classes, memorised payees and investment sections are skipped.
import { parseLooseAmount } from './amounts.js';
import { calendarDate, expandTwoDigitYear } from './dates.js';
import { detectEncoding, readDecodedLines, readHead } from './encoding.js';
import { ParseFailure, type ParseResult } from './parse-result.js';
import { cleanDescription, composeDescription, joinParts, optionalText } from './text.js';
import { invalidItem, type ParsedItem, RECORD_TEXT_MAX, recordText, rowItem, type StatementRow, withFingerprintText } from './types.js';

const TRANSACTION_SECTIONS = new Set(['bank', 'ccard', 'cash', 'oth a', 'oth l']);

/** Day-month order for slash dates, decided once per file (see scanDateOrder). */
type DateOrder = 'MDY' | 'DMY';

export async function openQifStatement(path: string): Promise<AsyncIterable<ParsedItem>> {
  const encoding = detectEncoding(await readHead(path));
  const order = await scanDateOrder(path, encoding);
  return { [Symbol.asyncIterator]: () => readQifItems(path, encoding, order) };
}

/**
 * Quicken writes M/D/Y, but QIF files from European programs use D/M/Y with the same
 * slash. A first pass over the D lines settles it for the whole file: any first part above
 * 12 means D/M/Y. Reading the file twice keeps memory flat.
 */
async function scanDateOrder(path: string, encoding: ReturnType<typeof detectEncoding>): Promise<DateOrder> {
  for await (const line of readDecodedLines(path, encoding)) {
    const m = /^D\s*(\d{1,2})\s*[/'-]\s*(\d{1,2})\s*[/'-]/.exec(line);
    if (m && Number(m[1]) > 12) return 'DMY';
  }
  return 'MDY';
}

/**
 * QIF date styles: 01/31/2024, 1/31/24, 1/31'24 (the apostrophe marks 2000+), 1/ 5/24
 * (space-padded), 31.01.2024 (always D.M.Y) and 2024-01-31.
 */
export function parseQifDate(raw: string, order: DateOrder): ParseResult<string> {
  const text = raw.trim();
  const compact = text.replace(/\s+/g, '');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(compact);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), text);
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(compact);
  if (m) return calendarDate(year(m[3] as string, false), Number(m[2]), Number(m[1]), text);
  m = /^(\d{1,2})[/-](\d{1,2})(['/-])(\d{1,4})$/.exec(compact);
  if (m) {
    const [first, second] = [Number(m[1]), Number(m[2])];
    const [month, day] = order === 'MDY' ? [first, second] : [second, first];
    return calendarDate(year(m[4] as string, m[3] === "'"), month, day, text);
  }
  return new ParseFailure(text === '' ? 'date is empty' : `date "${text}" is not a QIF date`);
}

function year(digits: string, apostrophe: boolean): number {
  const n = Number(digits);
  if (digits.length === 4) return n;
  return apostrophe ? 2000 + n : expandTwoDigitYear(n);
}

interface QifRecord {
  line: number;
  fields: Map<string, string>;
  /** The record's lines as the file has them, while they fit an invalid item's text. */
  text: string[];
  textLength: number;
}

/** An invalid record carries its lines, so a person can see which one it was. */
function itemOf(record: QifRecord, order: DateOrder, account: string | undefined): ParsedItem {
  const item = toItem(record, order, account);
  if (item.kind === 'invalid') item.raw = recordText(record.text.join('\n'));
  return item;
}

async function* readQifItems(path: string, encoding: ReturnType<typeof detectEncoding>, order: DateOrder): AsyncGenerator<ParsedItem> {
  let section: 'transactions' | 'account' | 'other' = 'other';
  let account: string | undefined;
  let accountName: string | undefined; // name seen in the current !Account block
  let lineNumber = 0;
  let record: QifRecord | undefined;
  for await (const rawLine of readDecodedLines(path, encoding)) {
    lineNumber++;
    const line = lineNumber === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
    if (line.trim() === '') continue;
    if (line.startsWith('!')) {
      const header = line.slice(1).trim().toLowerCase();
      if (header === 'account') {
        section = 'account';
      } else if (header.startsWith('type:')) {
        if (section === 'account' && accountName) account = accountName;
        section = TRANSACTION_SECTIONS.has(header.slice(5).trim()) ? 'transactions' : 'other';
      } // !Option:AutoSwitch and !Clear:AutoSwitch only toggle Quicken's import mode
      record = undefined;
      continue;
    }
    if (line.startsWith('^')) {
      if (section === 'transactions' && record) yield itemOf(record, order, account);
      record = undefined;
      continue;
    }
    const code = line[0] as string;
    const value = line.slice(1);
    if (section === 'account') {
      if (code === 'N') accountName = value.trim();
      continue;
    }
    if (section !== 'transactions') continue;
    record ??= { line: lineNumber, fields: new Map(), text: [], textLength: 0 };
    if (record.textLength <= RECORD_TEXT_MAX) {
      record.text.push(line);
      record.textLength += line.length + 1;
    }
    // Split lines (S, E, $) repeat; the first of each code is the transaction's own.
    if (!record.fields.has(code)) record.fields.set(code, value);
  }
  if (section === 'transactions' && record) yield itemOf(record, order, account);
}

/**
 * Payee and memo, said once. A record may have neither: then its check number (N) or its
 * category or transfer account (L) describes it, because a booked row is never refused for
 * lacking text.
 */
function describe(fields: Map<string, string>): string {
  const text = composeDescription([fields.get('P'), fields.get('M')]);
  if (text !== '') return text;
  const number = optionalText(fields.get('N'));
  if (number) return /^\d+$/.test(number) ? `Check ${number}` : cleanDescription(number);
  const category = optionalText(fields.get('L'));
  const transfer = category ? /^\[(.+)\]$/.exec(category)?.[1] : undefined;
  return transfer ? cleanDescription(`Transfer ${transfer}`) : cleanDescription(category ?? '');
}

function toItem(record: QifRecord, order: DateOrder, account: string | undefined): ParsedItem {
  const { fields, line } = record;
  const dateText = fields.get('D');
  if (dateText === undefined) return invalidItem(line, 'record has no D (date) line');
  const date = parseQifDate(dateText, order);
  if (date instanceof ParseFailure) return invalidItem(line, date.reason);
  const amountText = fields.get('T') ?? fields.get('U');
  if (amountText === undefined) return invalidItem(line, 'record has no T (amount) line');
  const value = parseLooseAmount(amountText);
  if (value instanceof ParseFailure) return invalidItem(line, value.reason);
  const legacy = cleanDescription(joinParts([fields.get('P'), fields.get('M')]));
  const row: StatementRow = withFingerprintText({ line, date, value, description: describe(fields) }, legacy);
  const name = optionalText(account);
  if (name) row.account = name;
  return rowItem(row);
}
