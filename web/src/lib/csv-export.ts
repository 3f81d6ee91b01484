/** What a record holds of a transaction. */
interface ExportedRow {
  date: string;
  description: string;
  value: number;
  category?: string;
  bank?: string;
}

/** A spreadsheet runs a cell that begins with one of these as a formula (or a DDE command). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Read per request while exporting: large enough to be quick, small enough to show progress. */
export const EXPORT_PAGE_SIZE = 1000;

/** UTF-8's byte order mark: spreadsheets then read the file as UTF-8, accents included. */
export const BOM = '\uFEFF';

export const CSV_HEADER = ['Date', 'Description', 'Category', 'Bank', 'Amount'] as const;

/**
 * A text cell (RFC 4180): quoted when it holds a comma, a quote, CR or LF, quotes doubled. Text
 * that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, TAB, CR first) is prefixed
 * with `'`, so it is shown, never run.
 */
export function textCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number cell: the value as JSON writes it (`-12.5`), never prefixed, so it stays a number. */
export function numberCell(value: number): string {
  return String(value);
}

/** One record, CRLF-terminated. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

/** The file's first part: the byte order mark and the header record. */
export function csvStart(): string {
  return BOM + csvRecord(CSV_HEADER.map(textCell));
}

/** A transaction's record: its date, description, category, bank (by name when known) and amount. */
export function transactionRecord(transaction: ExportedRow, bankName: (id: string) => string | undefined): string {
  const bank = transaction.bank === undefined ? '' : (bankName(transaction.bank) ?? transaction.bank);
  return csvRecord([textCell(transaction.date), textCell(transaction.description), textCell(transaction.category ?? ''), textCell(bank), numberCell(transaction.value)]);
}

/** The download's name: `moneta-transactions-2026-11-28.csv`. */
export function exportFileName(today: string): string {
  return `moneta-transactions-${today}.csv`;
}

/** The pages to read for `total` rows, as offsets. */
export function exportOffsets(total: number, size = EXPORT_PAGE_SIZE): number[] {
  const offsets: number[] = [];
  for (let offset = 0; offset < total; offset += size) offsets.push(offset);
  return offsets;
}
