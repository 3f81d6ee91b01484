// Turns one parsed CSV record into a row or an invalid item. Built once per file as a
// closure over the resolved column positions so the per-row work is a few array reads,
// one date match and one amount scan.
import { parseAmount } from '../amounts.js';
import { ParseFailure } from '../parse-result.js';
import { bankReference, cleanDescription, composeDescription, optionalText } from '../text.js';
import { invalidItem, type ParsedItem, rowItem, skippedItem, type StatementBalance, type StatementRow, withFingerprintText } from '../types.js';
import { balanceLineLabel, dateInLabel } from './balance-lines.js';
import type { CsvLayout } from './csv-layout.js';

/** Undefined for records that are only empty fields (spreadsheet exports pad with delimiters). */
export type RecordMapper = (fields: string[], line: number) => ParsedItem | undefined;

export function makeRecordMapper(layout: CsvLayout): RecordMapper {
  const { columns, parseDate, numberStyle, invertSign, skip, direction } = layout;
  const label = (index: number) => `"${columns.labels[index] ?? `column ${index + 1}`}"`;
  const required = [columns.date, columns.amount, columns.debit, columns.credit, ...columns.description]
    .filter((i): i is number => i !== undefined);
  const minWidth = Math.max(...required) + 1;
  const { amount, debit, credit, fee, payee, payer, bankTransactionId, category, account } = columns;
  const descriptionColumns = columns.description;
  const hasCounterparty = payee !== undefined || payer !== undefined;

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

  /** Amount, turned by the direction column and less the fee, when the profile has them. */
  const signedMoney = (fields: string[]): number | ParseFailure => {
    let way: 'in' | 'out' | undefined;
    if (direction) {
      const text = (fields[direction.column] ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
      way = direction.out.has(text) ? 'out' : direction.in.has(text) ? 'in' : undefined;
      if (way === undefined) return new ParseFailure(`${label(direction.column)} is "${fields[direction.column] ?? ''}"; expected ${direction.expected}`);
      if (way === 'in' && direction.inAmount !== undefined) {
        const arrived = parseAmount(fields[direction.inAmount] ?? '', numberStyle);
        return arrived instanceof ParseFailure ? arrived : Math.abs(arrived); // fees already taken
      }
    }
    let value = money(fields);
    if (value instanceof ParseFailure) return value;
    if (way !== undefined) value = way === 'out' ? -Math.abs(value) : Math.abs(value);
    if (fee !== undefined && (fields[fee] ?? '').trim() !== '') {
      const charged = parseAmount(fields[fee] as string, numberStyle);
      if (charged instanceof ParseFailure) return new ParseFailure(`fee ${label(fee)}: ${charged.reason}`);
      value -= Math.abs(charged);
    }
    return value;
  };

  const amountMissing = (fields: string[]) =>
    [amount, debit, credit].every((i) => i === undefined || (fields[i] ?? '').trim() === '');

  /** The first skip rule that applies to the row, as its reason. */
  const skipReason = skip.length === 0 ? () => undefined : (fields: string[]): string | undefined => {
    for (const rule of skip) {
      if (rule.kind === 'missing') {
        if (rule.what === 'date' ? (fields[columns.date] ?? '').trim() === '' : amountMissing(fields)) return rule.reason;
      } else {
        const value = fields[rule.column] ?? '';
        if (rule.kind === 'in' ? rule.values.has(value.replace(/\s+/g, ' ').trim().toLowerCase()) : rule.pattern.test(value)) return rule.reason;
      }
    }
    return undefined;
  };

  /** Where a balance line writes its label: the text columns, or the date column ("Endsaldo;;;1.234,56"). */
  const labelColumns = [...descriptionColumns, payee, payer, columns.date].filter((i): i is number => i !== undefined);
  const balanceLabel = (fields: string[]): string | undefined => {
    for (const i of labelColumns) {
      const label = balanceLineLabel(fields[i]);
      if (label !== undefined) return label;
    }
    return undefined;
  };

  /** The balance a balance line states, as far as its date and its balance (or amount) read. */
  const statedBalance = (fields: string[], label: string): StatementBalance => {
    const balance: StatementBalance = { label };
    let date = parseDate((fields[columns.date] ?? '').trim());
    const written = dateInLabel(label);
    if (date instanceof ParseFailure && written !== undefined) date = parseDate(written);
    if (!(date instanceof ParseFailure)) balance.date = date;
    const stated = columns.balance === undefined ? '' : (fields[columns.balance] ?? '').trim();
    const value = stated !== '' ? parseAmount(stated, numberStyle) : amountMissing(fields) ? undefined : signedMoney(fields);
    if (typeof value === 'number') balance.value = invertSign && value !== 0 ? -value : value;
    return balance;
  };

  return (fields, line) => {
    if ((fields[columns.date] ?? '').trim() === '' && fields.every((f) => f.trim() === '')) return undefined;
    const skipped = skipReason(fields);
    const balanceLine = balanceLabel(fields);
    if (balanceLine !== undefined) return skippedItem(line, skipped ?? `balance line ("${balanceLine}"): not a transaction`, statedBalance(fields, balanceLine));
    if (skipped !== undefined) return skippedItem(line, skipped);
    if (fields.length < minWidth) {
      const missing = required.find((i) => i >= fields.length) ?? minWidth - 1;
      return invalidItem(line, `missing column ${label(missing)} (the row has ${fields.length} field${fields.length === 1 ? '' : 's'})`);
    }
    const date = parseDate(fields[columns.date] as string);
    if (date instanceof ParseFailure) return invalidItem(line, date.reason);
    let value = signedMoney(fields);
    if (value instanceof ParseFailure) return invalidItem(line, value.reason);
    if (invertSign && value !== 0) value = -value;
    // What versions before readable descriptions stored: the description columns, joined.
    let legacy = descriptionColumns.length > 0 ? fields[descriptionColumns[0] as number] as string : '';
    for (let i = 1; i < descriptionColumns.length; i++) legacy += ` ${fields[descriptionColumns[i] as number] ?? ''}`;
    const counterparty = hasCounterparty ? fields[(value < 0 ? payee : payer) ?? (payee ?? payer) as number] : undefined;
    const parts = descriptionColumns.map((i) => fields[i]);
    const row: StatementRow = withFingerprintText(
      { line, date, description: composeDescription(counterparty === undefined ? parts : [counterparty, ...parts]), value },
      cleanDescription(legacy),
    );
    const id = bankTransactionId === undefined ? undefined : bankReference(fields[bankTransactionId]);
    if (id !== undefined) row.bankTransactionId = id;
    const cat = category === undefined ? undefined : optionalText(fields[category]);
    if (cat !== undefined) row.category = cat;
    const acct = account === undefined ? undefined : optionalText(fields[account]);
    if (acct !== undefined) row.account = acct;
    return rowItem(row);
  };
}
