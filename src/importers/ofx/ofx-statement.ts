// OFX 1.x / 2.x and QFX (OFX with Intuit extras) bank and credit-card statements, and the
// bank rows of investment statements (see ofx-investment.ts).
// Transactions are read one at a time as the file is read (ofx-entries.ts), the rest as a tree.
import { parseLooseAmount } from '../amounts.js';
import { calendarDate } from '../dates.js';
import { ENCODING_LABELS, misdecoded, readDecodedFile, type TextEncoding } from '../encoding.js';
import { ParseFailure } from '../parse-result.js';
import { cleanDescription, composeDescription, joinParts, optionalText } from '../text.js';
import { balanceItem, invalidItem, type ParsedItem, recordText, rowItem, StatementError, type StatementRow, withFingerprintText } from '../types.js';
import { investmentNote, SECURITIES_TRADES, skippedTrade } from './ofx-investment.js';
import { ENTRIES, fieldOf, parseOfxEntryByEntry, type ReadEntry } from './ofx-entries.js';
import { findAll, findFirst, type OfxNode, parseOfxTree, textOf } from './ofx-tree.js';

export interface OfxStatement {
  bankNameHint?: string;
  items: ParsedItem[];
  notes: string[];
}

/** 1.x declares its charset in the header lines, 2.x in the XML declaration. */
export function declaredEncoding(start: string): TextEncoding | undefined {
  if (/ENCODING\s*:\s*UTF-?8|encoding\s*=\s*["']utf-?8/i.test(start)) return 'utf8';
  if (/CHARSET\s*:\s*(1252|WINDOWS-1252)|encoding\s*=\s*["']windows-1252/i.test(start)) return 'windows1252';
  if (/CHARSET\s*:\s*(ISO-?8859-1|8859-1|LATIN1)|encoding\s*=\s*["']iso-8859-1/i.test(start)) return 'latin1';
  return undefined;
}

export async function readOfxStatement(path: string, fileLabel: string): Promise<OfxStatement> {
  const { text, overruled } = await readDecodedFile(path, declaredEncoding);
  return ofxStatementOf(text, overruled, fileLabel);
}

/**
 * The statement in the file's text: its transactions read one at a time when they hold nothing
 * unusual (ofx-entries.ts), else from the whole tree; `whole` reads it whole (tests compare).
 */
export function ofxStatementOf(text: string, overruled: TextEncoding | undefined, fileLabel: string, whole = false): OfxStatement {
  const notes = overruled
    ? [`the header says the charset is ${ENCODING_LABELS[overruled]}, but the bytes are UTF-8 (with non-ASCII characters): read as UTF-8`]
    : [];
  // What an earlier version read from such a file, for the de-duplication fingerprint.
  const legacy = overruled ? (t: string | undefined) => (t === undefined ? t : misdecoded(t, overruled)) : (t: string | undefined) => t;
  const root = (whole ? undefined : parseOfxEntryByEntry(text, fileLabel)) ?? parseOfxTree(text, fileLabel);
  const ofx = findFirst(root, 'OFX');
  if (!ofx) throw new StatementError(`${fileLabel} has no <OFX> element; it is not an OFX or QFX file`);
  const statements = [...findAll(ofx, 'STMTRS'), ...findAll(ofx, 'CCSTMTRS'), ...findAll(ofx, 'INVSTMTRS')];
  if (statements.length === 0) {
    throw new StatementError(`${fileLabel} contains no statement (no STMTRS, CCSTMTRS or INVSTMTRS); it is not a bank, credit-card or investment statement`);
  }
  // Statements of every kind may be in one file; entries keep file order for stable numbers.
  const owner = new Map<OfxNode, string | undefined>();
  const trades: string[] = [];
  let investmentBankRows = 0;
  for (const statement of statements) {
    const from = findFirst(statement, 'BANKACCTFROM') ?? findFirst(statement, 'CCACCTFROM') ?? findFirst(statement, 'INVACCTFROM');
    const account = from ? optionalText(textOf(from, 'ACCTID')) : undefined;
    for (const transaction of findAll(statement, 'STMTTRN')) owner.set(transaction, account);
    if (statement.name !== 'INVSTMTRS') continue;
    investmentBankRows += findAll(statement, 'STMTTRN').length;
    for (const trade of findAll(statement, SECURITIES_TRADES)) {
      owner.set(trade, account);
      trades.push(trade.name);
    }
  }
  const items = findAll(ofx, ENTRIES)
    .filter((entry) => owner.has(entry))
    .map((entry, index) => (entry.name === 'STMTTRN' ? itemOf(entry, index + 1, owner.get(entry), legacy) : skippedTrade(entry.name, index + 1)));
  items.push(...closingBalances(ofx));
  if (statements.some((statement) => statement.name === 'INVSTMTRS')) notes.push(investmentNote(investmentBankRows, trades));
  const fi = findFirst(ofx, 'FI');
  const bankNameHint = fi ? optionalText(textOf(fi, 'ORG')) : undefined;
  return bankNameHint ? { bankNameHint, items, notes } : { items, notes };
}

/**
 * Each bank and card statement's LEDGERBAL: the booked balance as of DTASOF, so the closing
 * balance at the end of that day. AVAILBAL is what may be spent (credit lines, holds): not a
 * balance the rows add up to, so it is not read. OFX states no opening balance, and none is
 * derived. A balance that does not read (no date, no amount) is left out without a word: the
 * rows still import. Numbered, as `line`, by the statement's place in the file.
 */
function closingBalances(ofx: OfxNode): ParsedItem[] {
  const out: ParsedItem[] = [];
  findAll(ofx, BANK_STATEMENTS).forEach((statement, index) => {
    const ledger = findFirst(statement, 'LEDGERBAL');
    if (!ledger) return;
    const date = ofxDate(textOf(ledger, 'DTASOF'));
    const amount = textOf(ledger, 'BALAMT');
    const value = amount === undefined ? undefined : parseLooseAmount(amount);
    if (date === undefined || value === undefined || value instanceof ParseFailure) return;
    const from = findFirst(statement, 'BANKACCTFROM') ?? findFirst(statement, 'CCACCTFROM');
    const account = from ? optionalText(textOf(from, 'ACCTID')) : undefined;
    const currency = optionalText(textOf(statement, 'CURDEF'))?.toUpperCase();
    out.push(balanceItem(index + 1, { role: 'closing', date, value, ...(currency ? { currency } : {}), ...(account ? { account } : {}) }));
  });
  return out;
}

const BANK_STATEMENTS: ReadonlySet<string> = new Set(['STMTRS', 'CCSTMTRS']);

/** The day of an OFX date-time (YYYYMMDD...), when it is a real one. */
function ofxDate(text: string | undefined): string | undefined {
  const m = text === undefined ? null : /^(\d{4})(\d{2})(\d{2})/.exec(text);
  if (!m) return undefined;
  const date = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), text as string);
  return date instanceof ParseFailure ? undefined : date;
}

/** OFX transaction types in words, for a row that has no NAME, MEMO or check number. */
const TRANSACTION_TYPES: Record<string, string> = {
  CREDIT: 'Credit', DEBIT: 'Debit', INT: 'Interest', DIV: 'Dividend', FEE: 'Fee', SRVCHG: 'Service charge',
  DEP: 'Deposit', ATM: 'ATM withdrawal', POS: 'Point of sale', XFER: 'Transfer', CHECK: 'Check', PAYMENT: 'Payment',
  CASH: 'Cash withdrawal', DIRECTDEP: 'Direct deposit', DIRECTDEBIT: 'Direct debit', REPEATPMT: 'Repeating payment',
  HOLD: 'Hold', OTHER: 'Other',
};

/**
 * NAME and MEMO, said once (banks repeat the payee in MEMO). OFX allows both to be absent
 * (the specification's own example has neither): then the check number or the transaction
 * type describes the row, because a booked transaction is never refused for lacking text.
 */
function describe(transaction: ReadEntry): string {
  const text = composeDescription([fieldOf(transaction, 'NAME'), fieldOf(transaction, 'MEMO')]);
  if (text !== '') return text;
  const check = optionalText(fieldOf(transaction, 'CHECKNUM'));
  if (check) return `Check ${check}`;
  const type = optionalText(fieldOf(transaction, 'TRNTYPE'))?.toUpperCase();
  return type ? (TRANSACTION_TYPES[type] ?? type) : '';
}

/** The description as versions before readable descriptions composed it (for fingerprints). */
function legacyDescription(name: string | undefined, memo: string | undefined): string {
  return cleanDescription(memo && name && memo.trim() === name.trim() ? name : joinParts([name, memo]));
}

/** An invalid entry carries its fields, OFX-style, so a person can see which one it was. */
function itemOf(transaction: ReadEntry, entry: number, account: string | undefined, legacy: (text: string | undefined) => string | undefined): ParsedItem {
  const item = toItem(transaction, entry, account, legacy);
  if (item.kind !== 'invalid') return item;
  const fields = (['TRNTYPE', 'DTPOSTED', 'TRNAMT', 'FITID', 'CHECKNUM', 'NAME', 'MEMO'] as const).flatMap((name) => {
    const value = fieldOf(transaction, name);
    return value === undefined ? [] : [`<${name}>${value}`];
  });
  item.raw = recordText(`<STMTTRN>${fields.join('')}</STMTTRN>`);
  return item;
}

function toItem(transaction: ReadEntry, entry: number, account: string | undefined, legacy: (text: string | undefined) => string | undefined): ParsedItem {
  const posted = fieldOf(transaction, 'DTPOSTED');
  if (!posted) return invalidItem(entry, 'transaction has no DTPOSTED date');
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(posted);
  if (!m) return invalidItem(entry, `date "${posted}" is not an OFX date (YYYYMMDD...)`);
  const date = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), posted);
  if (date instanceof ParseFailure) return invalidItem(entry, date.reason);
  const amountText = fieldOf(transaction, 'TRNAMT');
  if (amountText === undefined) return invalidItem(entry, 'transaction has no TRNAMT amount');
  const value = parseLooseAmount(amountText);
  if (value instanceof ParseFailure) return invalidItem(entry, value.reason);
  const row: StatementRow = { line: entry, date, description: describe(transaction), value };
  const before = legacyDescription(legacy(fieldOf(transaction, 'NAME')), legacy(fieldOf(transaction, 'MEMO')));
  if (before !== '') withFingerprintText(row, before);
  const id = optionalText(fieldOf(transaction, 'FITID'));
  if (id) row.bankTransactionId = id;
  if (account) row.account = account;
  return rowItem(row);
}
