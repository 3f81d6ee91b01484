/**
 * Exact money arithmetic for the browser, as src/domain/reports/exact-sum.ts does on the server: a
 * JSON number stands for the shortest decimal that reads back as it (what the server wrote), and
 * decimals are added as BigInt coefficients at a common scale, never as floats.
 */
export interface Decimal {
  coefficient: bigint;
  scale: number;
}

export const ZERO: Decimal = { coefficient: 0n, scale: 0 };

/** The decimal a JSON number stands for (`0.1` is 1/10, `1e-7` is 1/10^7). */
export function decimalOf(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return parseDecimal(String(value))!;
}

/** A decimal written as text (`-1234.5`, `1e21`), or null when it is not one. */
export function parseDecimal(text: string): Decimal | null {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let scale = fraction.length - Number(exponent);
  let coefficient = BigInt(`${whole}${fraction}`);
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { coefficient: sign === '-' ? -coefficient : coefficient, scale };
}

function atScale(value: Decimal, scale: number): bigint {
  return value.coefficient * 10n ** BigInt(scale - value.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { coefficient: atScale(a, scale) + atScale(b, scale), scale };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, { coefficient: -b.coefficient, scale: b.scale });
}

export function sum(values: Iterable<number>): Decimal {
  let total = ZERO;
  for (const value of values) total = add(total, decimalOf(value));
  return total;
}

export function isZero(value: Decimal): boolean {
  return value.coefficient === 0n;
}

/** The decimal as plain text (`-0.30`, `1180.23`), exact, for Intl.NumberFormat's string input. */
export function decimalText(value: Decimal): string {
  const negative = value.coefficient < 0n;
  const digits = (negative ? -value.coefficient : value.coefficient).toString().padStart(value.scale + 1, '0');
  const text = value.scale === 0 ? digits : `${digits.slice(0, -value.scale)}.${digits.slice(-value.scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * An amount a person typed (`1,234.56`, `1.234,56`, `-0,30`, `1234`): the last `.` or `,` followed
 * by at most `decimals` digits is the decimal mark, the other marks and spaces are grouping. Null
 * when it is not an amount or has more decimals than the currency.
 */
export function parseTypedAmount(text: string, decimals: number): Decimal | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '').replace(/^\u2212/, '-');
  if (!/^[+-]?[\d.,]*\d[\d.,]*$/.test(compact)) return null;
  const mark = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  const tail = mark < 0 ? '' : compact.slice(mark + 1);
  const isDecimalMark = mark >= 0 && tail.length <= decimals && !(tail.length === 3 && compact.indexOf(compact[mark]!) !== mark);
  const whole = (isDecimalMark ? compact.slice(0, mark) : compact).replace(/[.,]/g, '');
  const fraction = isDecimalMark ? tail : '';
  if (mark >= 0 && !isDecimalMark && tail.length !== 3) return null;
  return parseDecimal(`${whole}${fraction === '' ? '' : `.${fraction}`}`);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** How many decimals a currency has (EUR 2, JPY 0, BHD 3), as the browser knows it. */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in its currency (`€1,180.23`, `-£0.30`), formatted from the exact decimal text. */
export function formatMoney(value: Decimal | number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  const text = decimalText(typeof value === 'number' ? decimalOf(value) : value);
  // Intl.NumberFormat takes a decimal string and formats it without going through a double.
  return format.format(text as unknown as number);
}
