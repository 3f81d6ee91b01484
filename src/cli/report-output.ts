import type { CashflowReport, CategoryReport, PayeeReport } from '../domain/reports/reports.js';
import type { Totals } from '../domain/reports/report-parts.js';
import { terminalSafe } from './terminal-text.js';

/** A report as a table: column names and rows of cells, text (outside data) marked as such. */
export interface ReportTable {
  headers: string[];
  rows: Cell[][];
}

/** Text cells hold outside data (names, payees); numbers are the report's own. */
export type Cell = { text: string } | { number: number };

const TOTALS_HEADERS = ['COUNT', 'INCOME', 'EXPENSES', 'NET'];
const UNCATEGORISED = '(uncategorised)';
const NO_GROUP = '-';
const GROUP_TOTAL = '(group total)';

function totalsCells(totals: Totals): Cell[] {
  return [{ number: totals.count }, { number: totals.income }, { number: totals.expenses }, { number: totals.net }];
}

export function totalsTable(totals: Totals): ReportTable {
  return { headers: TOTALS_HEADERS, rows: [totalsCells(totals)] };
}

/** Each category's totals, then each group's, per period. */
export function categoriesTable(report: CategoryReport): ReportTable {
  const rows: Cell[][] = [];
  for (const period of report.periods) {
    for (const category of period.categories) {
      rows.push([{ text: period.period }, { text: category.group ?? NO_GROUP }, { text: category.category ?? UNCATEGORISED }, ...totalsCells(category)]);
    }
    for (const group of period.groups) rows.push([{ text: period.period }, { text: group.group ?? NO_GROUP }, { text: GROUP_TOTAL }, ...totalsCells(group)]);
  }
  return { headers: ['PERIOD', 'GROUP', 'CATEGORY', ...TOTALS_HEADERS], rows };
}

export function cashflowTable(report: CashflowReport): ReportTable {
  return { headers: ['PERIOD', ...TOTALS_HEADERS], rows: report.periods.map((period) => [{ text: period.period }, ...totalsCells(period)]) };
}

export function payeesTable(report: PayeeReport): ReportTable {
  return { headers: ['PAYEE', ...TOTALS_HEADERS], rows: report.payees.map((payee) => [{ text: payee.payee }, ...totalsCells(payee)]) };
}

function cellText(cell: Cell): string {
  return 'text' in cell ? cell.text : String(cell.number);
}

/** Aligned columns for a terminal; every cell made terminal-safe. Numbers align right. */
export function renderTable(table: ReportTable): string {
  const cells = table.rows.map((row) => row.map((cell) => terminalSafe(cellText(cell))));
  const widths = table.headers.map((header, column) => Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)));
  const numeric = table.headers.map((_header, column) => table.rows.length > 0 && table.rows.every((row) => row[column] !== undefined && 'number' in row[column]));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(table.headers), ...cells.map(line)].map((text) => `${text}\n`).join('');
}

/**
 * RFC 4180 CSV. Outside text is data, never a formula: a text cell a spreadsheet would read as
 * one (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, which
 * spreadsheets show as text. Written to a terminal (not a file or a pipe), cells are also made
 * terminal-safe.
 */
export function renderCsv(table: ReportTable, toTerminal: boolean): string {
  const field = (cell: Cell) => {
    let text = cellText(cell);
    if ('text' in cell && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    if (toTerminal) text = terminalSafe(text);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [table.headers.join(','), ...table.rows.map((row) => row.map(field).join(','))].map((line) => `${line}\r\n`).join('');
}
