// MT940 (SWIFT customer statement), as exported by most European banks. Line-based and
// streamed: one statement per `:20:` ... `:62F:` block, several per file, records
// separated by `-`, optionally wrapped in SWIFT `{1:...}{4:` blocks.
import { parseAmount, signedAmount } from '../amounts.js';
import { calendarDate, expandTwoDigitYear } from '../dates.js';
import { detectEncoding, readDecodedLines, readHead, type TextEncoding } from '../encoding.js';
import { ParseFailure } from '../parse-result.js';
import { bankReference, cleanDescription, optionalText } from '../text.js';
import { invalidItem, type ParsedItem, rowItem, type StatementRow } from '../types.js';
import { describeMt940Details } from './mt940-details.js';

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
 * `:61:` layout: value date YYMMDD, optional entry (booking) date MMDD, mark C/D/RC/RD,
 * optional funds code letter, amount with decimal comma, 4-character transaction type,
 * customer reference, optional `//` bank reference.
 */
const STATEMENT_LINE = /^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d[\d,]*)([A-Z][A-Z0-9]{3})?(.*)$/;

function toItem(pending: PendingTransaction, account: string | undefined): ParsedItem {
  const { line } = pending;
  const m = STATEMENT_LINE.exec(pending.statementLine.trim());
  if (!m) return invalidItem(line, `:61: line "${pending.statementLine.trim()}" does not have the MT940 layout`);
  const valueYear = expandTwoDigitYear(Number(m[1]));
  const valueMonth = Number(m[2]);
  let date: string | ParseFailure;
  if (m[4]) {
    // The entry date has no year: take the value date's, moved across a year end if needed.
    const month = Number(m[4].slice(0, 2));
    const year = month - valueMonth > 6 ? valueYear - 1 : valueMonth - month > 6 ? valueYear + 1 : valueYear;
    date = calendarDate(year, month, Number(m[4].slice(2)), `${m[1]}${m[2]}${m[3]}${m[4]}`);
  } else {
    date = calendarDate(valueYear, valueMonth, Number(m[3]), `${m[1]}${m[2]}${m[3]}`);
  }
  if (date instanceof ParseFailure) return invalidItem(line, date.reason);
  const amount = parseAmount(m[7] as string, { decimal: ',', thousands: '' });
  if (amount instanceof ParseFailure) return invalidItem(line, amount.reason);
  // A reversal of a credit takes money out; a reversal of a debit brings it back.
  const mark = m[5] as string;
  const out = mark === 'D' || mark === 'RC' || mark === 'ED';
  const value = signedAmount(amount, out);
  const references = m[9] ?? '';
  const slash = references.indexOf('//');
  const reference = slash >= 0 ? bankReference(references.slice(slash + 2)) : undefined;
  const details = pending.details ? describeMt940Details(pending.details) : pending.supplementary.join(' ');
  const row: StatementRow = { line, date, value, description: cleanDescription(details) };
  if (reference) row.bankTransactionId = reference;
  if (account) row.account = account;
  return rowItem(row);
}
