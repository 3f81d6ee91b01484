// MT940 (SWIFT customer statement), as exported by most European banks. Line-based and
// streamed: one statement per `:20:` ... `:62F:` block, several per file, records
// separated by `-`, optionally wrapped in SWIFT `{1:...}{4:` blocks. How lines and tags are
// found in real exports (wrapped, indented, "@@"-separated) is in mt940-lines.ts.
import { parseAmount, signedAmount } from '../amounts.js';
import { calendarDate, expandTwoDigitYear, nextDay } from '../dates.js';
import { detectEncoding, readHead, type TextEncoding } from '../encoding.js';
import { ParseFailure } from '../parse-result.js';
import { bankReference, cleanDescription, optionalText } from '../text.js';
import { balanceItem, invalidItem, type ParsedItem, recordText, rowItem, type StatedBalance, type StatementRow, withFingerprintText } from '../types.js';
import { describeMt940Details, legacyMt940Details } from './mt940-details.js';
import { fieldStart, isLoneColon, type Mt940Line, readMt940Lines } from './mt940-lines.js';

export async function openMt940Statement(path: string): Promise<AsyncIterable<ParsedItem>> {
  const encoding = detectEncoding(await readHead(path));
  return { [Symbol.asyncIterator]: () => readMt940Items(path, encoding) };
}

interface PendingTransaction {
  line: number;
  statementLine: string;
  supplementary: string[];
  /** The lines of its `:86:` field, and of any `:86:` repeated right after it (Rabobank). */
  details: string[] | undefined;
  /**
   * Where versions before this reader stopped reading the details (at a repeated `:86:` or a
   * wrapped time taken for a field): fingerprints are computed from the text they read.
   */
  formerEnd?: number;
}

/** Every `:61:` entry becomes one item; nothing between two entries can swallow one. */
async function* readMt940Items(path: string, encoding: TextEncoding): AsyncGenerator<ParsedItem> {
  let account: string | undefined;
  let pending: PendingTransaction | undefined;
  let field = '';
  let colon: Mt940Line | undefined;
  for await (const next of readMt940Lines(path, encoding)) {
    let { text, line } = next;
    if (colon) {
      const held = colon;
      colon = undefined;
      if (fieldStart(`:${text}`, false) && !fieldStart(text, false)) {
        text = `:${text}`;
        line = held.line;
      } else {
        yield* continuation(held.text);
      }
    }
    if (isLoneColon(text)) { colon = { text, line }; continue; }
    const start = fieldStart(text, field === '86' && pending !== undefined);
    if (start) {
      const { tag, value } = start;
      if (tag === '86' && pending && (pending.details === undefined || field === '86')) {
        if (pending.details === undefined) pending.details = [value];
        else { pending.formerEnd ??= pending.details.length; pending.details.push(value); }
        field = '86';
        continue;
      }
      if (pending) { yield itemOf(pending, account); pending = undefined; }
      field = tag === '86' ? '' : tag; // a :86: of no entry is statement-level information
      if (tag === '20') account = undefined;
      if (tag === '25') account = optionalText(value);
      if (tag === '61') pending = { line, statementLine: value, supplementary: [], details: undefined };
      if (BALANCE_TAGS.has(tag)) {
        const balance = statedBalance(tag, value, account);
        if (balance) yield balanceItem(line, balance);
      }
      continue;
    }
    yield* continuation(text);
  }
  if (colon) yield* continuation(colon.text);
  if (pending) yield itemOf(pending, account);

  /** A line that starts no field: an end of message, or more of the current field. */
  function* continuation(text: string): Generator<ParsedItem> {
    if (text === '-' || text.startsWith('-}') || text.startsWith('{')) {
      if (pending) yield itemOf(pending, account);
      pending = undefined;
      field = '';
      return;
    }
    if (!pending || text === '') return;
    if (field === '86' && pending.details) {
      if (TAG_LIKE.test(text)) pending.formerEnd ??= pending.details.length;
      pending.details.push(text);
    } else if (field === '61') pending.supplementary.push(text);
  }
}

/** Opening (:60F: first, :60M: intermediate, on a page after the first) and closing (:62F:, :62M:) booked balances. */
const BALANCE_TAGS: ReadonlySet<string> = new Set(['60F', '60M', '62F', '62M']);

/**
 * A balance field: mark C or D, date YYMMDD, currency, amount with a decimal comma
 * ("C231229EUR1000,00"). An opening is dated as the previous statement's closing (SWIFT: the
 * same as its :62F:), so it holds at the end of its date: the opening of the day after. A
 * closing holds at the end of its date. A field that does not read is left out: the rows import.
 */
function statedBalance(tag: string, value: string, account: string | undefined): StatedBalance | undefined {
  const m = /^\s*([CD])(\d{2})(\d{2})(\d{2})([A-Z]{3})\s*(\d[\d,]*)\s*$/.exec(value);
  if (!m) return undefined;
  const day = calendarDate(expandTwoDigitYear(Number(m[2])), Number(m[3]), Number(m[4]), value.trim());
  const amount = parseAmount(m[6] as string, { decimal: ',', thousands: '' });
  if (day instanceof ParseFailure || amount instanceof ParseFailure) return undefined;
  const opening = tag.startsWith('60');
  return {
    role: opening ? 'opening' : 'closing',
    date: opening ? nextDay(day) : day,
    value: signedAmount(amount, m[1] === 'D'),
    currency: m[5] as string,
    ...(account ? { account } : {}),
  };
}

/** A line versions before this reader took for a field (see fieldStart). */
const TAG_LIKE = /^:\d{2}[A-Z]?:/;

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

/** The line ended before the amount: a fixed-width export may have wrapped it onto the next. */
class EndedEarly extends ParseFailure {}

function parseStatementLine(text: string): StatementLine | ParseFailure {
  const fail = (at: number, expected: string, width: number) => {
    const reason = `:61: column ${at + TAG_WIDTH + 1}: expected ${expected}, found ${at >= text.length ? 'the end of the line' : `"${text.slice(at, at + width)}"`}`;
    return at >= text.length ? new EndedEarly(reason) : new ParseFailure(reason);
  };
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
  if (text[at] === ' ') at += 1; // some banks put a space before the amount
  const amount = /^\d[\d,]*/.exec(text.slice(at))?.[0];
  if (!amount) return fail(at, 'the amount (digits with a decimal comma)', 3);
  at += amount.length;
  const type = /^[A-Z][A-Z0-9]{3}/.exec(text.slice(at))?.[0];
  if (type) at += type.length;
  return { valueDate: text.slice(0, 6), entryDate, mark, amount, references: text.slice(at) };
}

/** The statement line, joined with the next line when it was wrapped before the amount. */
function readStatementLine(pending: PendingTransaction): StatementLine | ParseFailure {
  const first = parseStatementLine(pending.statementLine.trimEnd());
  const [wrapped, ...rest] = pending.supplementary;
  if (!(first instanceof EndedEarly) || wrapped === undefined) return first;
  const joined = parseStatementLine(`${pending.statementLine.trimEnd()}${wrapped.trim()}`);
  if (joined instanceof ParseFailure) return first;
  pending.supplementary = rest;
  return joined;
}

/** An invalid entry carries its :61: line and what followed it, so a person can see which one it was. */
function itemOf(pending: PendingTransaction, account: string | undefined): ParsedItem {
  const text = [`:61:${pending.statementLine}`, ...pending.supplementary, ...(pending.details ?? []).map((line, i) => (i === 0 ? `:86:${line}` : line))].join('\n');
  const item = toItem(pending, account);
  if (item.kind === 'invalid') item.raw = recordText(text);
  return item;
}

function toItem(pending: PendingTransaction, account: string | undefined): ParsedItem {
  const { line } = pending;
  const m = readStatementLine(pending);
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
  const { details, formerEnd } = pending;
  const row: StatementRow = details
    ? withFingerprintText({ line, date, value, description: describeMt940Details(details) }, cleanDescription(legacyMt940Details(details.slice(0, formerEnd))))
    : { line, date, value, description: cleanDescription(pending.supplementary.join(' ')) };
  if (reference) row.bankTransactionId = reference;
  if (account) row.account = account;
  return rowItem(row);
}
