// OFX 1.x / 2.x and QFX (OFX with Intuit extras) bank and credit-card statements.
// The file is read whole: OFX downloads are small (a few MB for years of history).
import { parseLooseAmount } from '../amounts.js';
import { calendarDate } from '../dates.js';
import { type TextEncoding, readDecodedFile } from '../encoding.js';
import { ParseFailure } from '../parse-result.js';
import { cleanDescription, joinParts, optionalText } from '../text.js';
import { invalidItem, type ParsedItem, rowItem, StatementError, type StatementRow } from '../types.js';
import { findAll, findFirst, type OfxNode, parseOfxTree, textOf } from './ofx-tree.js';

export interface OfxStatement {
  bankNameHint?: string;
  items: ParsedItem[];
}

/** 1.x declares its charset in the header lines, 2.x in the XML declaration. */
function declaredEncoding(start: string): TextEncoding | undefined {
  if (/ENCODING\s*:\s*UTF-?8|encoding\s*=\s*["']utf-?8/i.test(start)) return 'utf8';
  if (/CHARSET\s*:\s*(1252|WINDOWS-1252)|encoding\s*=\s*["']windows-1252/i.test(start)) return 'windows1252';
  if (/CHARSET\s*:\s*(ISO-?8859-1|8859-1|LATIN1)|encoding\s*=\s*["']iso-8859-1/i.test(start)) return 'latin1';
  return undefined;
}

export async function readOfxStatement(path: string, fileLabel: string): Promise<OfxStatement> {
  const text = await readDecodedFile(path, declaredEncoding);
  const root = parseOfxTree(text);
  const ofx = findFirst(root, 'OFX');
  if (!ofx) throw new StatementError(`${fileLabel} has no <OFX> element; it is not an OFX or QFX file`);
  const statements = [...findAll(ofx, 'STMTRS'), ...findAll(ofx, 'CCSTMTRS')];
  if (statements.length === 0) {
    throw new StatementError(`${fileLabel} contains no bank or credit-card statement (no STMTRS or CCSTMTRS); investment statements are not supported`);
  }
  // Bank and card statements may both be present; keep file order for stable line numbers.
  const ordered = findAll(ofx, 'STMTTRN');
  const owner = new Map<OfxNode, string | undefined>();
  for (const statement of statements) {
    const from = findFirst(statement, 'BANKACCTFROM') ?? findFirst(statement, 'CCACCTFROM');
    const account = from ? optionalText(textOf(from, 'ACCTID')) : undefined;
    for (const transaction of findAll(statement, 'STMTTRN')) owner.set(transaction, account);
  }
  const items = ordered
    .filter((transaction) => owner.has(transaction))
    .map((transaction, index) => toItem(transaction, index + 1, owner.get(transaction)));
  const fi = findFirst(ofx, 'FI');
  const bankNameHint = fi ? optionalText(textOf(fi, 'ORG')) : undefined;
  return bankNameHint ? { bankNameHint, items } : { items };
}

function toItem(transaction: OfxNode, entry: number, account: string | undefined): ParsedItem {
  const posted = textOf(transaction, 'DTPOSTED');
  if (!posted) return invalidItem(entry, 'transaction has no DTPOSTED date');
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(posted);
  if (!m) return invalidItem(entry, `date "${posted}" is not an OFX date (YYYYMMDD...)`);
  const date = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), posted);
  if (date instanceof ParseFailure) return invalidItem(entry, date.reason);
  const amountText = textOf(transaction, 'TRNAMT');
  if (amountText === undefined) return invalidItem(entry, 'transaction has no TRNAMT amount');
  const value = parseLooseAmount(amountText);
  if (value instanceof ParseFailure) return invalidItem(entry, value.reason);
  const name = textOf(transaction, 'NAME');
  const memo = textOf(transaction, 'MEMO');
  // Many banks repeat the payee in MEMO; say it once.
  const description = cleanDescription(memo && name && memo.trim() === name.trim() ? name : joinParts([name, memo]));
  const row: StatementRow = { line: entry, date, description, value };
  const id = optionalText(textOf(transaction, 'FITID'));
  if (id) row.bankTransactionId = id;
  if (account) row.account = account;
  return rowItem(row);
}
