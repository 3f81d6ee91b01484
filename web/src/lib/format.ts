/** How an amount reads: its text (always signed when not zero) and whether it is money in. */
export interface FormattedAmount {
  text: string;
  kind: 'income' | 'expense' | 'zero';
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * Grouped by the locale, two decimals, a minus kept on money out and a "+" on money in, so
 * colour is never the only signal.
 */
export function formatAmount(value: number, locale: string): FormattedAmount {
  let format = amountFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero', useGrouping: true });
    amountFormats.set(locale, format);
  }
  // The sign comes from the formatted parts: a value that rounds to 0.00 shows none.
  const parts = format.formatToParts(value);
  const kind = parts.some((part) => part.type === 'plusSign') ? 'income' : parts.some((part) => part.type === 'minusSign') ? 'expense' : 'zero';
  return { text: parts.map((part) => part.value).join(''), kind };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A list date: `12 Mar` in the year of `today`, `12 Mar 2023` otherwise (two years of
 * statements would be ambiguous without it). The ISO date itself goes in the tooltip. With the
 * `iso` style (Settings, Display) the ISO date itself.
 */
export function formatShortDate(isoDate: string, locale: string, today: string, style: 'short' | 'iso' = 'short'): string {
  if (style === 'iso') return isoDate;
  const sameYear = isoDate.slice(0, 4) === today.slice(0, 4);
  const key = `${locale}|${sameYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A count with the locale's grouping (`1,204 rows`). */
export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(count);
}
