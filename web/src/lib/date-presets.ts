/** A named date range the register offers beside its date fields. */
export interface DatePreset {
  id: 'this-month' | 'last-month' | 'this-year' | 'last-year';
  label: string;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (1-12) of a year. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** This month, last month, this year and last year, as of `today` (YYYY-MM-DD), each from its first day to its last. */
export function datePresets(today: string): DatePreset[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [lastYear, lastMonth] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const monthRange = (y: number, m: number) => ({ from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` });
  return [
    { id: 'this-month', label: 'This month', ...monthRange(year, month) },
    { id: 'last-month', label: 'Last month', ...monthRange(lastYear, lastMonth) },
    { id: 'this-year', label: 'This year', from: `${year}-01-01`, to: `${year}-12-31` },
    { id: 'last-year', label: 'Last year', from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
  ];
}

/** Which preset a range is ('' for no dates at all, 'custom' for any other range). */
export function presetOf(range: { from: string | null; to: string | null }, today: string): DatePreset['id'] | '' | 'custom' {
  if (range.from === null && range.to === null) return '';
  return datePresets(today).find((preset) => preset.from === range.from && preset.to === range.to)?.id ?? 'custom';
}
