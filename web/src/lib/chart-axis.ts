/** The arithmetic and words of a chart's axes: round tick values, compact amounts, period names. */

export interface AmountAxis {
  /** The values with a tick and a line, low to high; 0 among them whenever the range holds it. */
  ticks: number[];
  /** The range the chart draws: the first and the last tick. */
  min: number;
  max: number;
}

/**
 * About `count` ticks at a round step (1, 2 or 5 times a power of ten) covering low..high; the
 * range widens to the ticks, so every tick sits on a line of the chart.
 */
export function amountAxis(low: number, high: number, count = 4): AmountAxis {
  const from = Math.min(low, high, 0);
  const to = Math.max(low, high, 0);
  const span = to - from || 1;
  const rough = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power);
  const first = Math.floor(from / step);
  const last = Math.max(first + 1, Math.ceil(to / step));
  const ticks: number[] = [];
  for (let at = first; at <= last; at += 1) ticks.push(roundTo(at * step, step));
  return { ticks, min: ticks[0] as number, max: ticks[ticks.length - 1] as number };
}

/** Floating steps (0.1 + 0.2) drift: a tick is rounded to its step's decimals. */
function roundTo(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const rounded = Number(value.toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** An axis label: `1.5K`, `-500`, `0`, in the locale's way; the exact amount is in the table and on focus. */
export function axisAmount(value: number, locale: string): string {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(locale, format);
  }
  return format.format(value);
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A period as a person says it: `2024-03` is `Mar 2024`, `2024-Q1` is `Q1 2024`, a year stays
 * itself (`all` is `All`). short: the month alone (`Mar`), for ticks where the year is said once.
 */
export function periodName(period: string, locale: string, short = false): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) {
    const key = `${locale}|${short}`;
    let format = monthFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, short ? { month: 'short', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' });
      monthFormats.set(key, format);
    }
    return format.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) return short ? `Q${quarter[2]}` : `Q${quarter[2]} ${quarter[1]}`;
  return period === 'all' ? 'All' : period;
}

/**
 * Which periods get a tick label: every `every`-th one, so labels do not overlap. A label names
 * its year when it is the first, or the year changed since the label before (`Nov 2024`, `May 2025`,
 * `Nov`); else the month alone.
 */
export function tickLabels(periods: readonly string[], every: number, locale: string): Array<string | null> {
  let lastYear: string | null = null;
  return periods.map((period, index) => {
    if (index % every !== 0) return null;
    const year = period.slice(0, 4);
    const sameYear = year === lastYear;
    lastYear = year;
    return periodName(period, locale, sameYear);
  });
}
