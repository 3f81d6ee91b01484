/**
 * Money sums without rounding errors. A value is a double, but a person wrote it as a decimal
 * ("0.1"): each value counts as the shortest decimal that reads back as the same double (what
 * JSON.stringify writes, so what the client sent), the sum of those decimals is computed exactly,
 * and only the result is rounded, once, to the nearest double. So 0.1 + 0.2 is 0.3, and a
 * million cents add up to exactly what they should.
 *
 * The stores hand over most values already summed as integer cents (see migration 0008); they
 * are added as plain integers while the sum stays within 2^53 (exact in a double, and n / 100
 * is then the correctly rounded result). Values that are not a whole number of cents, and cents
 * past 2^53, are added as BigInt decimals.
 */
export class ExactSum {
  /** Whole cents, always a safe integer. */
  private cents = 0;
  /** The rest: coefficient / 10^scale. */
  private coefficient = 0n;
  private scale = 0;

  /** Adds a whole number of cents (an integer, given as text or bigint so it never rounds). */
  addCents(cents: bigint | string): void {
    const quick = typeof cents === 'string' ? Number(cents) : Number.NaN;
    if (Number.isSafeInteger(quick) && Number.isSafeInteger(this.cents + quick)) this.cents += quick;
    else this.add(BigInt(cents), 2);
  }

  /** Adds a double as the decimal it stands for (see the class comment). */
  addValue(value: number): void {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    const { coefficient, scale } = decimalOf(value);
    this.add(coefficient, scale);
  }

  addSum(other: ExactSum): void {
    if (Number.isSafeInteger(this.cents + other.cents)) this.cents += other.cents;
    else this.add(BigInt(other.cents), 2);
    this.add(other.coefficient, other.scale);
  }

  subtractSum(other: ExactSum): void {
    if (Number.isSafeInteger(this.cents - other.cents)) this.cents -= other.cents;
    else this.add(-BigInt(other.cents), 2);
    this.add(-other.coefficient, other.scale);
  }

  /** True when the exact sum is zero (toNumber() could round a tiny remainder away). */
  isZero(): boolean {
    if (this.coefficient === 0n) return this.cents === 0;
    return this.coefficient * 100n + BigInt(this.cents) * 10n ** BigInt(this.scale) === 0n;
  }

  /** The nearest double to the exact sum (JS parses decimal text with correct rounding). */
  toNumber(): number {
    if (this.coefficient === 0n) return this.cents / 100 + 0;
    const total = new ExactSum();
    total.add(this.coefficient, this.scale);
    total.add(BigInt(this.cents), 2);
    const negative = total.coefficient < 0n;
    const digits = (negative ? -total.coefficient : total.coefficient).toString().padStart(total.scale + 1, '0');
    const text = total.scale === 0 ? digits : `${digits.slice(0, -total.scale)}.${digits.slice(-total.scale)}`;
    const result = Number(text);
    return negative ? -result : result;
  }

  private add(coefficient: bigint, scale: number): void {
    if (coefficient === 0n) return;
    if (scale > this.scale) {
      this.coefficient *= 10n ** BigInt(scale - this.scale);
      this.scale = scale;
    } else if (scale < this.scale) {
      coefficient *= 10n ** BigInt(this.scale - scale);
    }
    this.coefficient += coefficient;
  }
}

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** value = coefficient / 10^scale exactly, for the shortest decimal that reads back as value. */
export function decimalOf(value: number): { coefficient: bigint; scale: number } {
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) throw new RangeError(`unexpected number text: ${String(value)}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let coefficient = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { coefficient, scale };
}
