// MT940 (SWIFT customer statement), as exported by most European banks. Line-based and
// streamed: one statement per `:20:` ... `:62F:` block, several per file, records
// separated by `-`, optionally wrapped in SWIFT `{1:...}{4:` blocks.
import { parseAmount, signedAmount } from '../amounts.js';
import { calendarDate, expandTwoDigitYear } from '../dates.js';
import { detectEncoding, readDecodedLines, readHead, type TextEncoding } from '../encoding.js';
import { ParseFailure } from '../parse-result.js';
import { bankReference, cleanDescription, optionalText } from '../text.js';
import { invalidItem, type ParsedItem, rowItem, type StatementRow, withFingerprintText } from '../types.js';
import { describeMt940Details, legacyMt940Details } from './mt940-details.js';

export async function openMt940Statement(path: string): Promise<AsyncIterable<ParsedItem>> {
  const encoding = detectEncoding(await readHead(path));
  return { [Symbol.asyncIterator]: () => readMt940Items(path, encoding) };
}

interface PendingTransaction {
  line: number;
  statementLine: string;
  supplementary: string[];
  details: string[] | undefined;
}

const FIELD = /^:(\d{2}[A-Z]?):/;

async function* readMt940Items(path: string, encoding: TextEncoding): AsyncGenerator<ParsedItem> {
  let account: string | undefined;
  let pending: PendingTransaction | undefined;
  let field = '';
  let lineNumber = 0;
  for await (const rawLine of readDecodedLines(path, encoding)) {
    lineNumber++;
    const line = rawLine.trimEnd();
    const tag = FIELD.exec(line);
    if (tag) {
      field = tag[1] as string;
      const value = line.slice(tag[0].length);
      if (field === '86' && pending && pending.details === undefined) {
        pending.details = [value];
        continue;
      }
      if (field === '86') { field = ''; continue; } // statement-level information, not a transaction
      if (pending) { yield toItem(pending, account); pending = undefined; }
      if (field === '20') account = undefined;
      if (field === '25') account = optionalText(value);
      if (field === '61') pending = { line: lineNumber, statementLine: value, supplementary: [], details: undefined };
      continue;
    }
    if (line === '-' || line.startsWith('-}') || line.startsWith('{')) {
      if (pending) { yield toItem(pending, account); pending = undefined; }
      field = '';
      continue;
    }
    if (!pending || line === '') continue;
    if (field === '86' && pending.details) pending.details.push(line);
    else if (field === '61') pending.supplementary.push(line);
  }
  if (pending) yield toItem(pending, account);
}

/**
 * `:61:` layout: value date YYMMDD, optional entry (booking) date MMDD (some banks, Citi
 * among them, fill it with spaces), mark C/D/RC/RD, optional funds code letter, amount with
 * decimal comma, 4-character transaction type, customer reference, optional `//` bank reference.
 */
interface StatementLine {
  valueDate: string;
  entryDate?: string;
  mark: string;
  amount: string;
  references: string;
}

/** Columns are counted from the start of the line, `:61:` included, as an editor shows them. */
const TAG_WIDTH = ':61:'.length;

function parseStatementLine(text: string): StatementLine | ParseFailure {
  const fail = (at: number, expected: string, width: number) =>
    new ParseFailure(`:61: column ${at + TAG_WIDTH + 1}: expected ${expected}, found ${at >= text.length ? 'the end of the line' : `"${text.slice(at, at + width)}"`}`);
  if (!/^\d{6}/.test(text)) return fail(0, 'the value date as YYMMDD', 6);
  let at = 6;
  let entryDate: string | undefined;
  const entry = /^(\d{4}| {1,4})/.exec(text.slice(at));
  if (entry) {
    if (entry[1]?.trim()) entryDate = entry[1];
    at += entry[0].length;
  }
  const mark = /^(RC|RD|EC|ED|C|D)/.exec(text.slice(at))?.[1];
  if (!mark) return fail(at, 'the debit/credit mark (C, D, RC or RD)', 2);
  at += mark.length;
  if (/^[A-Z]/.test(text.slice(at))) at += 1; // funds code
  const amount = /^\d[\d,]*/.exec(text.slice(at))?.[0];
  if (!amount) return fail(at, 'the amount (digits with a decimal comma)', 3);
  at += amount.length;
  const type = /^[A-Z][A-Z0-9]{3}/.exec(text.slice(at))?.[0];
  if (type) at += type.length;
  return { valueDate: text.slice(0, 6), entryDate, mark, amount, references: text.slice(at) };
}

function toItem(pending: PendingTransaction, account: string | undefined): ParsedItem {
  const { line } = pending;
  const m = parseStatementLine(pending.statementLine.trimEnd());
  if (m instanceof ParseFailure) return invalidItem(line, m.reason);
  const valueYear = expandTwoDigitYear(Number(m.valueDate.slice(0, 2)));
  const valueMonth = Number(m.valueDate.slice(2, 4));
  let date: string | ParseFailure;
  if (m.entryDate) {
    // The entry date has no year: take the value date's, moved across a year end if needed.
    const month = Number(m.entryDate.slice(0, 2));
    const year = month - valueMonth > 6 ? valueYear - 1 : valueMonth - month > 6 ? valueYear + 1 : valueYear;
    date = calendarDate(year, month, Number(m.entryDate.slice(2)), `${m.valueDate}${m.entryDate}`);
  } else {
    date = calendarDate(valueYear, valueMonth, Number(m.valueDate.slice(4)), m.valueDate);
  }
  if (date instanceof ParseFailure) return invalidItem(line, date.reason);
  const amount = parseAmount(m.amount, { decimal: ',', thousands: '' });
  if (amount instanceof ParseFailure) return invalidItem(line, amount.reason);
  // A reversal of a credit takes money out; a reversal of a debit brings it back.
  const out = m.mark === 'D' || m.mark === 'RC' || m.mark === 'ED';
  const value = signedAmount(amount, out);
  const slash = m.references.indexOf('//');
  const reference = slash >= 0 ? bankReference(m.references.slice(slash + 2)) : undefined;
  const row: StatementRow = pending.details
    ? withFingerprintText({ line, date, value, description: describeMt940Details(pending.details) }, cleanDescription(legacyMt940Details(pending.details)))
    : { line, date, value, description: cleanDescription(pending.supplementary.join(' ')) };
  if (reference) row.bankTransactionId = reference;
  if (account) row.account = account;
  return rowItem(row);
}
