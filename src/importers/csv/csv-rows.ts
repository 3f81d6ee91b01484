// Turns one parsed CSV record into a row or an invalid item. Built once per file as a
// closure over the resolved column positions so the per-row work is a few array reads,
// one date match and one amount scan.
import { parseAmount } from '../amounts.js';
import { ParseFailure } from '../parse-result.js';
import { bankReference, cleanDescription, optionalText } from '../text.js';
import { invalidItem, type ParsedItem, rowItem, type StatementRow } from '../types.js';
import type { CsvLayout } from './csv-layout.js';

/** Undefined for records that are only empty fields (spreadsheet exports pad with delimiters). */
export type RecordMapper = (fields: string[], line: number) => ParsedItem | undefined;

export function makeRecordMapper(layout: CsvLayout): RecordMapper {
  const { columns, parseDate, numberStyle, invertSign } = layout;
  const label = (index: number) => `"${columns.labels[index] ?? `column ${index + 1}`}"`;
  const required = [columns.date, columns.amount, columns.debit, columns.credit, ...columns.description]
    .filter((i): i is number => i !== undefined);
  const minWidth = Math.max(...required) + 1;
  const { amount, debit, credit, bankTransactionId, category, account } = columns;
  const descriptionColumns = columns.description;

  const money = (fields: string[]): number | ParseFailure => {
    if (amount !== undefined) return parseAmount(fields[amount] ?? '', numberStyle);
    const debitText = (fields[debit as number] ?? '').trim();
    const creditText = (fields[credit as number] ?? '').trim();
    if (debitText === '' && creditText === '') {
      return new ParseFailure(`neither ${label(debit as number)} nor ${label(credit as number)} has an amount`);
    }
    let value = 0;
    // Banks disagree whether a debit column holds 12,50 or -12,50; either way it is money out.
    if (debitText !== '') {
      const parsed = parseAmount(debitText, numberStyle);
      if (parsed instanceof ParseFailure) return parsed;
      value -= Math.abs(parsed);
    }
    if (creditText !== '') {
      const parsed = parseAmount(creditText, numberStyle);
      if (parsed instanceof ParseFailure) return parsed;
      value += Math.abs(parsed);
    }
    return value;
  };

  return (fields, line) => {
    if ((fields[columns.date] ?? '').trim() === '' && fields.every((f) => f.trim() === '')) return undefined;
    if (fields.length < minWidth) {
      const missing = required.find((i) => i >= fields.length) ?? minWidth - 1;
      return invalidItem(line, `missing column ${label(missing)} (the row has ${fields.length} field${fields.length === 1 ? '' : 's'})`);
    }
    const date = parseDate(fields[columns.date] as string);
    if (date instanceof ParseFailure) return invalidItem(line, date.reason);
    const value = money(fields);
    if (value instanceof ParseFailure) return invalidItem(line, value.reason);
    let text = fields[descriptionColumns[0] as number] as string;
    for (let i = 1; i < descriptionColumns.length; i++) text += ` ${fields[descriptionColumns[i] as number] ?? ''}`;
    const row: StatementRow = { line, date, description: cleanDescription(text), value: invertSign && value !== 0 ? -value : value };
    const id = bankTransactionId === undefined ? undefined : bankReference(fields[bankTransactionId]);
    if (id !== undefined) row.bankTransactionId = id;
    const cat = category === undefined ? undefined : optionalText(fields[category]);
    if (cat !== undefined) row.category = cat;
    const acct = account === undefined ? undefined : optionalText(fields[account]);
    if (acct !== undefined) row.account = acct;
    return rowItem(row);
  };
}
