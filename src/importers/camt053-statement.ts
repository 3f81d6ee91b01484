// CAMT.053 (ISO 20022 bank-to-customer statement), versions .001.02 to .001.08. Only booked
// entries become rows: pending (PDNG) and information-only (INFO) entries may still change
// or disappear, and importing them would create duplicates once they are booked. They are
// reported as skipped, with the reason, never dropped without a word. A file with nothing to
// import at all is refused, saying why (camt053-empty.ts).
import { XMLParser } from 'fast-xml-parser';
import { parseAmount, signedAmount } from './amounts.js';
import { isCamt053Namespace, noStatement, nothingToImport, otherMessage, xmlRoot } from './camt053-empty.js';
import { cutEntries } from './camt053-entries.js';
import { calendarDate, nextDay } from './dates.js';
import { readDecodedFile } from './encoding.js';
import { MAX_ELEMENT_DEPTH, tooDeep } from './nesting.js';
import { ParseFailure } from './parse-result.js';
import { bankReference, cleanDescription, composeDescription, joinParts, optionalText } from './text.js';
import { balanceItem, invalidItem, type ParsedItem, rowItem, skippedItem, type StatedBalance, StatementError, withFingerprintText } from './types.js';

/** Parsed XML is untyped by nature; helpers below read it defensively. */
type XmlValue = string | number | boolean | XmlObject | XmlValue[] | undefined;
interface XmlObject { [key: string]: XmlValue }

const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const OPTIONS = {
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false, // references such as "000123" must keep their zeros
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name: string) => REPEATED.has(name),
  // The parser's own bound keeps it (and its recursive object builder) off deep stacks.
  maxNestedTags: MAX_ELEMENT_DEPTH,
};

const parser = new XMLParser(OPTIONS);
/** An entry alone: it sits 3 levels down in a document (Document/BkToCstmrStmt/Stmt/Ntry), so 3 fewer. */
const entryParser = new XMLParser({ ...OPTIONS, maxNestedTags: MAX_ELEMENT_DEPTH - 3 });

export interface Camt053Statement {
  bankNameHint?: string;
  items: ParsedItem[];
  notes: string[];
}

export async function readCamt053Statement(path: string, fileLabel: string): Promise<Camt053Statement> {
  const { text } = await readDecodedFile(path);
  const root = xmlRoot(text);
  // Entry by entry when the file can be cut into its entries (camt053-entries.ts); whole otherwise,
  // and whenever a part fails to parse: the whole parse says what is wrong, as it always did.
  const parts = readInParts(text);
  if (parts) {
    try {
      return statementOf(parts, root, fileLabel);
    } catch (error) {
      if (!(error instanceof PartFailed)) throw error;
    }
  }
  return statementOf(readWhole(text, fileLabel), root, fileLabel);
}

/** The statement a parsed document holds. */
function statementOf(parts: ParsedParts, root: ReturnType<typeof xmlRoot>, fileLabel: string): Camt053Statement {
  const { doc } = parts;
  const document = get(doc, 'Document');
  const messages = typeof document === 'object' && !Array.isArray(document) ? Object.keys(document) : [];
  const other = messages.includes('BkToCstmrStmt') ? undefined : otherMessage(fileLabel, root, messages);
  if (other) throw new StatementError(other);
  const statements = list(get(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw new StatementError(noStatement(fileLabel, root));
  const items: ParsedItem[] = [];
  const balances: ParsedItem[] = [];
  const notBooked: Array<string | undefined> = [];
  let bankNameHint: string | undefined;
  let entryNumber = 0;
  for (const [index, statement] of statements.entries()) {
    const account = optionalText(str(get(statement, 'Acct', 'Id', 'IBAN')) ?? str(get(statement, 'Acct', 'Id', 'Othr', 'Id')));
    const institution = get(statement, 'Acct', 'Svcr', 'FinInstnId');
    bankNameHint ??= optionalText(str(get(institution, 'Nm')) ?? str(get(institution, 'BICFI')) ?? str(get(institution, 'BIC')));
    for (const placeholder of list(get(statement, 'Ntry'))) {
      entryNumber++;
      const entry = parts.entry(entryNumber - 1, placeholder);
      const item = toItem(entry, entryNumber, account);
      if (item.kind === 'skipped') notBooked.push(statusOf(entry));
      items.push(item);
    }
    for (const balance of list(get(statement, 'Bal'))) {
      const stated = statedBalance(balance, account);
      if (stated) balances.push(balanceItem(index + 1, stated));
    }
  }
  const nothing = nothingToImport(fileLabel, statements.length, items, notBooked);
  if (nothing) throw new StatementError(nothing);
  items.push(...balances);
  const notes = isCamt053Namespace(root?.namespace)
    ? []
    : [`read as a camt.053 statement (Document/BkToCstmrStmt/Stmt/Ntry), although it declares ${root?.namespace === undefined ? 'no namespace' : `the namespace "${root.namespace}"`}`];
  return bankNameHint ? { bankNameHint, items, notes } : { items, notes };
}

/** An entry read alone failed to parse: the file is read whole instead. */
class PartFailed extends Error {}

interface ParsedParts {
  doc: XmlObject;
  /** The `index`-th entry of the file, given what the document holds in its place. */
  entry(index: number, inDocument: XmlValue): XmlValue;
}

function readWhole(text: string, fileLabel: string): ParsedParts {
  try {
    return { doc: parser.parse(text) as XmlObject, entry: (_index, inDocument) => inDocument };
  } catch (error) {
    if (/maximum nested tags/i.test((error as Error).message)) throw tooDeep(fileLabel);
    throw new StatementError(`${fileLabel} is not well-formed XML: ${(error as Error).message}`);
  }
}

/**
 * Each entry parsed when it is read, the document around them once: only one entry's tree at a
 * time. Undefined (read it whole) when the file cannot be cut, when the document does not keep
 * every entry where statements do, or when any part fails to parse.
 */
function readInParts(text: string): ParsedParts | undefined {
  const cut = cutEntries(text);
  if (!cut) return undefined;
  try {
    const doc = parser.parse(cut.skeleton) as XmlObject;
    const kept = list(get(doc, 'Document', 'BkToCstmrStmt', 'Stmt')).reduce<number>((sum, statement) => sum + list(get(statement, 'Ntry')).length, 0);
    if (kept !== cut.entries.length) return undefined;
    const entries = cut.entries;
    return {
      doc,
      entry: (index) => {
        let parsed: XmlObject;
        try {
          parsed = entryParser.parse(entries[index] as string) as XmlObject;
        } catch {
          throw new PartFailed();
        }
        // Read once: its text is let go as the statement is read.
        entries[index] = '';
        return list(parsed.Ntry)[0];
      },
    };
  } catch {
    return undefined;
  }
}

/** .02 writes <Sts>BOOK</Sts>, later versions <Sts><Cd>BOOK</Cd></Sts>. */
function statusOf(entry: XmlValue): string | undefined {
  return str(get(entry, 'Sts')) ?? str(get(entry, 'Sts', 'Cd'));
}

const NOT_BOOKED: Record<string, string> = {
  PDNG: 'pending (status PDNG): not booked yet',
  INFO: 'information only (status INFO): not booked',
  FUTR: 'future (status FUTR): not booked yet',
};

function toItem(entry: XmlValue, number: number, account: string | undefined): ParsedItem {
  const status = statusOf(entry);
  const dateText = str(get(entry, 'BookgDt', 'Dt')) ?? str(get(entry, 'BookgDt', 'DtTm'));
  if (status === undefined) {
    // The status is mandatory, yet some exporters leave it out: a booking date says booked.
    if (!dateText) return skippedItem(number, 'no status and no booking date: not a booked entry');
  } else if (status !== 'BOOK') {
    return skippedItem(number, NOT_BOOKED[status] ?? `status "${status}": not booked`);
  }
  if (!dateText) return invalidItem(number, 'entry has no booking date (BookgDt)');
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateText);
  if (!m) return invalidItem(number, `booking date "${dateText}" is not an ISO date`);
  const date = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), dateText);
  if (date instanceof ParseFailure) return invalidItem(number, date.reason);
  const amountText = str(get(entry, 'Amt')) ?? str(get(entry, 'Amt', '#text'));
  if (!amountText) return invalidItem(number, 'entry has no amount (Amt)');
  const amount = parseAmount(amountText, { decimal: '.', thousands: '' });
  if (amount instanceof ParseFailure) return invalidItem(number, amount.reason);
  const direction = str(get(entry, 'CdtDbtInd'));
  if (direction !== 'CRDT' && direction !== 'DBIT') return invalidItem(number, `CdtDbtInd is "${direction ?? ''}", expected CRDT or DBIT`);
  const value = signedAmount(amount, direction === 'DBIT');

  const details = list(get(entry, 'NtryDtls')).flatMap((d) => list(get(d, 'TxDtls')));
  const remittance = details.flatMap((tx) => list(get(tx, 'RmtInf', 'Ustrd')).map(str));
  // The other party: whoever we paid on a debit, whoever paid us on a credit.
  const otherRole = direction === 'DBIT' ? 'Cdtr' : 'Dbtr';
  const counterparty = details.map((tx) => partyName(get(tx, 'RltdPties', otherRole))).find(Boolean);
  const text = remittance.some((r) => r?.trim()) ? joinParts(remittance) : str(get(entry, 'AddtlNtryInf'));
  const row = withFingerprintText({ line: number, date, value, description: composeDescription([counterparty, text]) }, cleanDescription(joinParts([counterparty, text])));
  const id = bankReference(str(get(entry, 'AcctSvcrRef'))) ?? bankReference(str(get(entry, 'NtryRef')));
  if (id) row.bankTransactionId = id;
  if (account) row.account = account;
  return rowItem(row);
}

/**
 * A statement's Bal, when it is one the rows add up to: OPBD (opening booked: at the start of its
 * date) and PRCD (previously closed booked: at the end of its date, so the opening of the day
 * after) open the statement, CLBD (closing booked: at the end of its date) closes it. Available
 * (CLAV, FWAV), interim (ITBD, ITAV) and other balances are not read, nor is one that does not
 * read (no amount, no date): the rows still import.
 */
function statedBalance(balance: XmlValue, account: string | undefined): StatedBalance | undefined {
  const code = str(get(balance, 'Tp', 'CdOrPrtry', 'Cd'));
  const role = code === 'OPBD' || code === 'PRCD' ? 'opening' : code === 'CLBD' ? 'closing' : undefined;
  if (!role) return undefined;
  const dateText = str(get(balance, 'Dt', 'Dt')) ?? str(get(balance, 'Dt', 'DtTm'));
  const m = dateText === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(dateText);
  if (!m) return undefined;
  const day = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), dateText as string);
  const amountText = str(get(balance, 'Amt')) ?? str(get(balance, 'Amt', '#text'));
  const amount = amountText === undefined ? undefined : parseAmount(amountText, { decimal: '.', thousands: '' });
  const direction = str(get(balance, 'CdtDbtInd'));
  if (day instanceof ParseFailure || amount === undefined || amount instanceof ParseFailure || (direction !== 'CRDT' && direction !== 'DBIT')) return undefined;
  const currency = optionalText(str(get(balance, 'Amt', '@Ccy')))?.toUpperCase();
  return {
    role,
    date: code === 'PRCD' ? nextDay(day) : day,
    value: signedAmount(amount, direction === 'DBIT'),
    ...(currency ? { currency } : {}),
    ...(account ? { account } : {}),
  };
}

/** .02-.07 put the name at Cdtr/Nm; .08 wraps the party as Cdtr/Pty/Nm. */
function partyName(party: XmlValue): string | undefined {
  return optionalText(str(get(party, 'Nm')) ?? str(get(party, 'Pty', 'Nm')));
}

function get(value: XmlValue, ...path: string[]): XmlValue {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current)) current = current[0];
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return current;
}

function list(value: XmlValue): XmlValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function str(value: XmlValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
