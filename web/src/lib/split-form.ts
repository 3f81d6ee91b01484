import { add, decimalOf, decimalText, isZero, parseTypedAmount, subtract, ZERO, type Decimal } from './money.js';

/**
 * The split editor's pure logic (issue 24; docs/transfers-and-splits.md): lines as typed, what is
 * left of the transaction's value as they are typed (exact: money.ts, never floats), and the body
 * of PUT /splits/{id}.
 */

/** One line as typed: the amount as text (`-40`, `-12,50`), a category name and a memo, empty when none. */
export interface LineDraft {
  amount: string;
  category: string;
  memo: string;
}

export interface SplitLineBody {
  amount: number;
  category?: string;
  memo?: string;
}

export interface SplitCheck {
  /** The value less the lines that parse: 0 when they add up. */
  remainder: Decimal;
  /** Per line: why its amount is not one (null when it is, or is still empty). */
  errors: Array<string | null>;
  /** Every line has an amount and they add up exactly: the editor may save. */
  ready: boolean;
}

export const EMPTY_LINE: LineDraft = { amount: '', category: '', memo: '' };

/** The lines a split has (from GET /splits/{id}), as drafts; a transaction not yet split starts with its whole value on one line. */
export function draftsOf(value: number, lines: readonly SplitLineBody[] | null): LineDraft[] {
  if (!lines || lines.length === 0) return [{ ...EMPTY_LINE, amount: decimalText(decimalOf(value)) }, { ...EMPTY_LINE }];
  return lines.map((line) => ({ amount: decimalText(decimalOf(line.amount)), category: line.category ?? '', memo: line.memo ?? '' }));
}

export function checkSplit(value: number, lines: readonly LineDraft[], decimals: number): SplitCheck {
  let total: Decimal = ZERO;
  let complete = lines.length > 0;
  const errors = lines.map((line) => {
    if (line.amount.trim() === '') {
      complete = false;
      return null;
    }
    const amount = parseTypedAmount(line.amount, decimals);
    if (!amount) {
      complete = false;
      return `not an amount with at most ${decimals} decimals`;
    }
    total = add(total, amount);
    return null;
  });
  const remainder = subtract(decimalOf(value), total);
  return { remainder, errors, ready: complete && isZero(remainder) };
}

/** The body of PUT /splits/{id}; lines left wholly empty are dropped. Call only when checkSplit says ready (after dropping those). */
export function splitBody(lines: readonly LineDraft[], decimals: number): { lines: SplitLineBody[] } {
  return {
    lines: usedLines(lines).map((line) => {
      const amount = parseTypedAmount(line.amount, decimals);
      if (!amount) throw new Error(`not an amount: ${line.amount}`);
      const category = line.category.trim();
      const memo = line.memo.trim();
      return { amount: Number(decimalText(amount)), ...(category === '' ? {} : { category }), ...(memo === '' ? {} : { memo }) };
    }),
  };
}

/** The lines with anything typed in them (a trailing empty line is the editor's, not the split's). */
export function usedLines(lines: readonly LineDraft[]): LineDraft[] {
  return lines.filter((line) => line.amount.trim() !== '' || line.category.trim() !== '' || line.memo.trim() !== '');
}
