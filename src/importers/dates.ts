// Date handling shared by all formats. Banks write dates in many layouts; everything is
// turned into YYYY-MM-DD and checked against the calendar, because a silently shifted date
// (31.02. becoming 02.03.) is worse than a row the user is told about.
import { ParseFailure, type ParseResult } from './parse-result.js';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Two-digit years: 00-69 are 20xx, 70-99 are 19xx. Statements are recent, so this only
 * matters for old archives; the pivot matches what most spreadsheet programs do.
 */
export function expandTwoDigitYear(yy: number): number {
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

/** Builds YYYY-MM-DD, or explains why the parts are not a real day. `raw` is quoted in the reason. */
export function calendarDate(year: number, month: number, day: number, raw: string): ParseResult<string> {
  if (month < 1 || month > 12) return new ParseFailure(`date "${raw}" has no month ${month}`);
  const maxDay = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day < 1 || day > maxDay) return new ParseFailure(`date "${raw}" is not a real day`);
  if (year < 1900 || year > 2999) return new ParseFailure(`date "${raw}" has an implausible year ${year}`);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date layout compiled once per file so each row costs one regex match. */
export type DateParser = (raw: string) => ParseResult<string>;

type Part = 'day' | 'month' | 'monthName' | 'year4' | 'year2';

const TOKEN = /YYYY|YY|MMM|MM|M|DD|D/g;
const SEPARATORS = /^[./\- ',]*$/;

/**
 * Compiles a layout such as `DD.MM.YYYY`, `MM/DD/YY`, `YYYY-MM-DD`, `YYYYMMDD` or `DD MMM YYYY`.
 * With separators, day and month may have one or two digits (US exports write 1/5/2024).
 * A time after the date (`2024-01-31 10:15`, `2024-01-31T10:15:00Z`) is ignored.
 * Returns a reason string when the layout itself is unusable.
 */
export function compileDateFormat(format: string): DateParser | string {
  const parts: Part[] = [];
  let pattern = '';
  let last = 0;
  const compact = !/[^A-Z]/.test(format);
  for (const match of format.matchAll(TOKEN)) {
    const between = format.slice(last, match.index);
    if (!SEPARATORS.test(between)) return `unexpected "${between}" (use DD, D, MM, M, MMM, YYYY, YY and separators . / - space)`;
    pattern += escapeRegex(between).replace(/ /g, '\\s*');
    last = match.index + match[0].length;
    const digits = compact ? '2' : '1,2';
    switch (match[0]) {
      case 'YYYY': parts.push('year4'); pattern += '(\\d{4})'; break;
      case 'YY': parts.push('year2'); pattern += '(\\d{2})'; break;
      case 'MMM': parts.push('monthName'); pattern += '([A-Za-z]{3})[A-Za-z]*\\.?'; break;
      case 'MM': case 'M': parts.push('month'); pattern += `(\\d{${digits}})`; break;
      default: parts.push('day'); pattern += `(\\d{${digits}})`;
    }
  }
  const tail = format.slice(last);
  if (!SEPARATORS.test(tail)) return `unexpected "${tail}" (use DD, D, MM, M, MMM, YYYY, YY and separators . / - space)`;
  pattern += escapeRegex(tail);
  const count = (p: Part[]) => parts.filter((x) => p.includes(x)).length;
  if (count(['day']) !== 1 || count(['month', 'monthName']) !== 1 || count(['year4', 'year2']) !== 1) {
    return 'it needs exactly one day (DD), one month (MM or MMM) and one year (YYYY or YY)';
  }
  const regex = new RegExp(`^${pattern}(?:[ T].*)?$`);
  const dayAt = parts.indexOf('day') + 1;
  const monthAt = Math.max(parts.indexOf('month'), parts.indexOf('monthName')) + 1;
  const yearAt = Math.max(parts.indexOf('year4'), parts.indexOf('year2')) + 1;
  const monthIsName = parts.includes('monthName');
  const twoDigitYear = parts.includes('year2');

  return (raw: string) => {
    const text = raw.trim();
    const m = regex.exec(text);
    if (!m) return new ParseFailure(text === '' ? 'date is empty' : `date "${text}" does not match the format ${format}`);
    const monthText = m[monthAt] ?? '';
    const month = monthIsName ? MONTH_NAMES.indexOf(monthText.toLowerCase()) + 1 : Number(monthText);
    if (month === 0) return new ParseFailure(`date "${text}" has an unknown month name "${monthText}"`);
    const year = Number(m[yearAt]);
    return calendarDate(twoDigitYear ? expandTwoDigitYear(year) : year, month, Number(m[dayAt]), text);
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The layouts tried when a profile says `"dateFormat": "auto"`. */
export const GUESSABLE_DATE_FORMATS = [
  'YYYY-MM-DD', 'YYYY/MM/DD', 'YYYYMMDD', 'DD.MM.YYYY', 'DD.MM.YY',
  'DD/MM/YYYY', 'MM/DD/YYYY', 'DD/MM/YY', 'MM/DD/YY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD MMM YYYY', 'DD-MMM-YYYY',
] as const;

/**
 * Picks the layout under which the most samples are real dates; a stray footer row does
 * not spoil the guess. Returns a reason when no layout fits or several fit equally well,
 * because guessing 01/02 as January or February would silently corrupt a whole import.
 */
export function guessDateFormat(samples: readonly string[]): { format: string; parse: DateParser } | string {
  const values = samples.map((s) => s.trim()).filter((s) => s !== '');
  if (values.length === 0) return 'there are no dates in the first rows to guess the date format from';
  let best: string[] = [];
  let bestCount = 0;
  for (const format of GUESSABLE_DATE_FORMATS) {
    const parse = compileDateFormat(format) as DateParser;
    const count = values.filter((v) => typeof parse(v) === 'string').length;
    if (count > bestCount) {
      best = [format];
      bestCount = count;
    } else if (count === bestCount && count > 0) best.push(format);
  }
  const [only] = best;
  if (best.length === 1 && only) return { format: only, parse: compileDateFormat(only) as DateParser };
  if (best.length === 0) return `dates like "${values[0]}" do not match any known date format`;
  return `dates like "${values[0]}" could be ${best.join(' or ')}; say which date format it is (--date-format ${only ?? ''} on the command line, dateFormat over HTTP, or a profile that sets dateFormat)`;
}

let guessableParsers: DateParser[] | undefined;

/** Whether some known layout reads the text as a real day (a date, as opposed to a stray line). */
export function isDateInSomeLayout(raw: string): boolean {
  guessableParsers ??= GUESSABLE_DATE_FORMATS.map((format) => compileDateFormat(format) as DateParser);
  return guessableParsers.some((parse) => typeof parse(raw) === 'string');
}

/** The calendar day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
