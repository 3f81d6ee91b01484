// The check of an account's balance against a statement's: the statement's balance on its
// date, what Moneta computes for the same date, and the exact difference between them, with a
// sentence that says by how much they differ and which dates to look at.
import { decimalOf, ExactSum } from '../reports/exact-sum.js';

export interface BalanceCheckInput {
  /** YYYY-MM-DD: the balance is the one at the end of this day. */
  statementDate: string;
  statementBalance: number;
  computedBalance: number;
  /** The currency's minor unit (currencies.ts): amounts in the message are written with it. */
  currencyDecimals: number;
  /** The statement's first day (YYYY-MM-DD), when known: where to look for what is missing. */
  periodFrom?: string;
  /** The statement's last day; the statement's date when absent. */
  periodTo?: string;
}

export interface BalanceCheck {
  statementDate: string;
  statementBalance: number;
  computedBalance: number;
  /** statementBalance - computedBalance, computed exactly, rounded once. */
  difference: number;
  /** True only when the exact difference is zero. */
  agrees: boolean;
  message: string;
}

export function checkBalance(input: BalanceCheckInput): BalanceCheck {
  const { statementDate, statementBalance, computedBalance, currencyDecimals } = input;
  const sum = new ExactSum();
  sum.addValue(statementBalance);
  sum.addValue(-computedBalance);
  const agrees = sum.isZero();
  const difference = sum.toNumber();
  const money = (value: number) => formatAmount(value, currencyDecimals);
  const to = input.periodTo ?? statementDate;
  const where = input.periodFrom === undefined ? `on or before ${to}` : `between ${input.periodFrom} and ${to}`;
  const message = agrees
    ? `agrees with the statement's balance of ${money(statementBalance)} on ${statementDate}`
    : `the statement ends at ${money(statementBalance)}; Moneta has ${money(computedBalance)} on ${statementDate}: ${money(Math.abs(difference))} missing or extra ${where}`;
  return { statementDate, statementBalance, computedBalance, difference, agrees, message };
}

/**
 * The amount with `decimals` digits after the point (rounded half away from zero, from the
 * shortest decimal that reads back as the value, never from its binary expansion) and ","
 * between thousands: 1180.23 -> "1,180.23", -5 -> "-5.00", 1234 with 0 decimals -> "1,234".
 */
export function formatAmount(value: number, decimals: number): string {
  const { coefficient, scale } = decimalOf(value);
  const negative = coefficient < 0n;
  let units = negative ? -coefficient : coefficient;
  if (scale > decimals) {
    const drop = 10n ** BigInt(scale - decimals);
    units = (units + drop / 2n) / drop;
  } else {
    units *= 10n ** BigInt(decimals - scale);
  }
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = decimals === 0 ? whole : `${whole}.${digits.slice(digits.length - decimals)}`;
  return negative && units !== 0n ? `-${text}` : text;
}
