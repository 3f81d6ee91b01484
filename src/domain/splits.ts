import { hasAtMostDecimals } from './accounts/currencies.js';
import { invalidField, DomainError, type FieldLocation } from './errors.js';

/**
 * Splits (issue 24; docs/transfers-and-splits.md): a transaction divided into lines whose amounts
 * add up exactly to its value. Amounts are kept as whole hundredths (integers), so the sums here
 * and in the reports are exact.
 */

/** One line as a client writes and reads it. */
export interface SplitLine {
  amount: number;
  category: string | null;
  memo: string | null;
}

/** One line as the store keeps it: its amount in whole hundredths. */
export interface StoredSplitLine {
  amountCents: number;
  category: string | null;
  memo: string | null;
}

export interface SplitRecord {
  transactionId: number;
  value: number;
  lines: SplitLine[];
}

/** Amounts beyond this (in units) are refused, as the reports' whole-cent totals are bounded there (sql-terms.ts centsSql). */
export const SPLIT_AMOUNT_LIMIT = 1e9;

/** The value in whole hundredths, or undefined when it is not one (the report totals' test: sql-terms.ts centsSql). */
export function wholeCents(value: number): number | undefined {
  if (!Number.isFinite(value) || Math.abs(value) >= SPLIT_AMOUNT_LIMIT) return undefined;
  const cents = Math.round(value * 100);
  return cents / 100 === value ? cents : undefined;
}

/** An amount of hundredths as the number a client reads (the double nearest the decimal). */
export function centsAmount(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/** `-1.50` for -150 cents: an amount as a person reads it, with the currency's decimals (two at least, but none for a currency without). */
export function formatCents(cents: number, decimals: number): string {
  return (cents / 100).toFixed(decimals === 0 ? 0 : Math.max(decimals, 2));
}

/**
 * The lines as stored, after the checks beyond the schema: each amount has no more decimals than
 * the currency and is whole hundredths (400 naming `lines.<i>.amount`), and the amounts add up to
 * the transaction's value exactly (400 naming `lines` and the difference). `field(i)` spells a
 * line's amount as the caller's input names it (a body property, a command-line argument).
 */
export function checkedSplitLines(
  value: number,
  currency: string,
  decimals: number,
  lines: readonly SplitLine[],
  field: { lines: string; amount(index: number): string; location: FieldLocation },
): StoredSplitLine[] {
  const valueCents = wholeCents(value);
  if (valueCents === undefined) {
    throw new DomainError('invalid', `the transaction's value ${value} is not a whole number of hundredths, so it cannot be split`, [
      { in: field.location, name: field.lines, message: `cannot divide a value of ${value}: splits need whole hundredths` },
    ]);
  }
  const stored = lines.map((line, index) => {
    if (!hasAtMostDecimals(line.amount, decimals)) throw invalidField(field.location, field.amount(index), `has more decimals than ${currency} has (${decimals})`);
    const cents = wholeCents(line.amount);
    if (cents === undefined) throw invalidField(field.location, field.amount(index), 'must be a whole number of hundredths, below 1,000,000,000 in magnitude');
    return { amountCents: cents, category: line.category, memo: line.memo };
  });
  const total = stored.reduce((sum, line) => sum + line.amountCents, 0);
  if (total !== valueCents) {
    const difference = valueCents - total;
    throw invalidField(
      field.location,
      field.lines,
      `add up to ${formatCents(total, decimals)}, not the transaction's value ${formatCents(valueCents, decimals)} ${currency}: the difference is ${formatCents(difference, decimals)}`,
    );
  }
  return stored;
}

/** A split as the contract shows it (the API's body, `moneta split --json`): a line's absent category or memo is left out, never null. */
export function splitObject(split: SplitRecord): { transactionId: number; value: number; lines: Array<{ amount: number; category?: string; memo?: string }> } {
  return {
    transactionId: split.transactionId,
    value: split.value,
    lines: split.lines.map(({ amount, category, memo }) => ({ amount, ...(category === null ? {} : { category }), ...(memo === null ? {} : { memo }) })),
  };
}

export function splitLineOf(line: StoredSplitLine): SplitLine {
  return { amount: centsAmount(line.amountCents), category: line.category, memo: line.memo };
}
