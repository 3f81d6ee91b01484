// Amount parsing for human-formatted numbers: `1.234,56`, `-12.50`, `(12.50)`, `12.50-`,
// `€ 12,50`, `USD 1,000.00`. One pass over the characters, because this runs once per CSV row
// and a million-row file must stay fast.
import { ParseFailure, type ParseResult } from './parse-result.js';

export interface NumberStyle {
  decimal: ',' | '.';
  /** Grouping characters accepted between digits; spaces and apostrophes are common too. */
  thousands: string;
}

const CURRENCY_SYMBOLS = '€$£¥₹₣₽₺₩';

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Parses an amount written with the given decimal and grouping characters. Grouping is
 * checked (groups of three digits) so `12.50` read with a decimal comma is reported, not
 * read as 1250.
 */
export function parseAmount(raw: string, style: NumberStyle): ParseResult<number> {
  const text = raw.trim();
  if (text === '') return new ParseFailure('amount is empty');
  let negative = false;
  let parens = 0;
  let intDigits = '';
  let fracDigits = '';
  let seenDigit = false;
  let afterDigits = false; // a sign, parenthesis or currency came after the number
  let inFraction = false;
  let groupLength = -1; // digits since the last grouping character, -1 = no grouping seen
  let leadingGroup = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const ch = text[i] as string;
    if (isDigit(code)) {
      if (afterDigits) return new ParseFailure(`amount "${text}" has digits after the sign or currency`);
      seenDigit = true;
      if (inFraction) fracDigits += ch;
      else {
        intDigits += ch;
        if (groupLength >= 0) groupLength++;
        else leadingGroup++;
      }
    } else if (ch === style.decimal) {
      if (inFraction) return new ParseFailure(`amount "${text}" has more than one decimal separator "${style.decimal}"`);
      if (groupLength >= 0 && groupLength !== 3) return new ParseFailure(`amount "${text}" has misplaced digit grouping for decimal separator "${style.decimal}"`);
      if (afterDigits) return new ParseFailure(`amount "${text}" is not a number`);
      inFraction = true;
    } else if (ch !== ' ' && seenDigit && !afterDigits && !inFraction && style.thousands.includes(ch)) {
      if (groupLength >= 0 && groupLength !== 3) return new ParseFailure(`amount "${text}" has misplaced digit grouping for decimal separator "${style.decimal}"`);
      if (groupLength < 0 && leadingGroup > 3) return new ParseFailure(`amount "${text}" has misplaced digit grouping for decimal separator "${style.decimal}"`);
      groupLength = 0;
    } else if (ch === '-' || ch === '\u2212') {
      if (negative) return new ParseFailure(`amount "${text}" has two minus signs`);
      negative = true;
      if (seenDigit) afterDigits = true;
    } else if (ch === '+') {
      if (seenDigit) afterDigits = true;
    } else if (ch === '(') {
      if (seenDigit) return new ParseFailure(`amount "${text}" is not a number`);
      parens++;
    } else if (ch === ')') {
      if (parens !== 1) return new ParseFailure(`amount "${text}" has unbalanced parentheses`);
      parens = 2;
      afterDigits = seenDigit;
    } else if (ch === ' ' || ch === '\u00a0' || ch === '\u202f' || ch === '\t') {
      if (seenDigit && !inFraction && style.thousands.includes(' ')) {
        // A space is grouping only between digits; "12,50 EUR" ends here.
        const next = text.charCodeAt(i + 1);
        if (isDigit(next)) {
          if (groupLength >= 0 && groupLength !== 3) return new ParseFailure(`amount "${text}" has misplaced digit grouping`);
          if (groupLength < 0 && leadingGroup > 3) return new ParseFailure(`amount "${text}" has misplaced digit grouping`);
          groupLength = 0;
          continue;
        }
      }
      if (seenDigit) afterDigits = true;
    } else if (CURRENCY_SYMBOLS.includes(ch) || isLetter(code)) {
      // Currency symbols and codes (EUR, USD) may stand on either side of the number.
      if (seenDigit) afterDigits = true;
    } else {
      return new ParseFailure(`amount "${text}" contains "${ch}"`);
    }
  }
  if (!seenDigit) return new ParseFailure(`amount "${text}" has no digits`);
  if (parens === 1) return new ParseFailure(`amount "${text}" has unbalanced parentheses`);
  if (groupLength >= 0 && groupLength !== 3) return new ParseFailure(`amount "${text}" has misplaced digit grouping for decimal separator "${style.decimal}"`);
  const value = Number(fracDigits === '' ? intDigits : `${intDigits}.${fracDigits}`);
  if (!Number.isFinite(value)) return new ParseFailure(`amount "${text}" is not a number`);
  const signed = negative !== (parens === 2) ? -value : value;
  // Avoid -0, which would compare unequal to 0 in deepStrictEqual and JSON round trips.
  return signed === 0 ? 0 : signed;
}

/** The grouping characters that go with a decimal separator when a profile does not say. */
export function defaultThousands(decimal: ',' | '.'): string {
  return decimal === ',' ? ". '" : ", '";
}

/**
 * Decides the decimal separator from sample values, for profiles that say `"auto"`:
 * a value with both `.` and `,` uses the last one as decimal; a single separator followed
 * by one or two digits at the end is decimal. With no evidence the dot wins.
 */
export function guessDecimalSeparator(samples: readonly string[]): ',' | '.' {
  let commaVotes = 0;
  let dotVotes = 0;
  for (const sample of samples) {
    const text = sample.trim();
    const comma = text.lastIndexOf(',');
    const dot = text.lastIndexOf('.');
    if (comma >= 0 && dot >= 0) {
      if (comma > dot) commaVotes++;
      else dotVotes++;
    } else if (comma >= 0 && /,\d{1,2}\D*$/.test(text)) commaVotes++;
    else if (dot >= 0 && /\.\d{1,2}\D*$/.test(text)) dotVotes++;
  }
  return commaVotes > dotVotes ? ',' : '.';
}

/**
 * For formats whose decimal separator is fixed by convention but not always honoured (OFX
 * says dot, some European banks write a comma; QIF grouping commas): accept either, and
 * treat the last separator as the decimal one when there are two kinds.
 */
export function parseLooseAmount(raw: string): ParseResult<number> {
  const text = raw.trim();
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  let decimal: ',' | '.' = '.';
  if (comma >= 0 && dot >= 0) decimal = comma > dot ? ',' : '.';
  else if (comma >= 0 && !/,\d{3}(?!\d)/.test(text.slice(comma))) decimal = ',';
  else if (comma >= 0 && text.indexOf(',') !== comma) decimal = '.'; // 1,234,567
  return parseAmount(text, { decimal, thousands: decimal === ',' ? ". '" : ", '" });
}

/** Applies a debit/credit mark to an unsigned amount, never producing -0. */
export function signedAmount(amount: number, moneyOut: boolean): number {
  const magnitude = Math.abs(amount);
  return moneyOut && magnitude !== 0 ? -magnitude : magnitude;
}
