import { inApp } from '../app/navigate.js';
import { formatAmount } from '../lib/format.js';
import type { ReportData } from './use-reports.js';
import { useWidth } from './use-width.js';

const HEIGHT = 220;
const TOP = 10;
const BOTTOM = 24;
const LEFT = 8;
/** A period's width before the card is measured. */
const FIRST_STEP = 36;
/** The narrowest a period gets: more periods than fit (days over a year) scroll sideways instead. */
const MIN_STEP = 12;
/** A column's share of its period's width, and its widest (a few periods across a wide card). */
const COLUMN_SHARE = 0.66;
const MAX_COLUMN = 56;
/** About the width of one character of a tick label, to leave room between labels. */
const TICK_CHAR = 6.5;

interface Props {
  byPeriod: ReportData['byPeriod'];
  cashflow: ReportData['cashflow'];
  locale: string;
  link(start: string | undefined, end: string | undefined): string;
  /** A group's colour slot, the same as the bars'. */
  slot(group: string | undefined): number;
}

/** Spending per period stacked by group, with net (income + expenses) as a line; a column opens its period in the register. */
export function PeriodChart({ byPeriod, cashflow, locale, link, slot }: Props) {
  const [measure, available] = useWidth<HTMLDivElement>();
  const periods = byPeriod.periods;
  if (periods.length === 0) return null;
  const net = new Map(cashflow.periods.map((at) => [at.period, at.net]));
  const spending = periods.map((at) => at.groups.reduce((sum, group) => sum - group.expenses, 0));
  const nets = periods.map((at) => net.get(at.period) ?? 0);
  const high = Math.max(1, ...spending, ...nets);
  const low = Math.min(0, ...nets);
  const scale = (HEIGHT - TOP - BOTTOM) / (high - low);
  const y = (value: number) => TOP + (high - value) * scale;
  // As wide as the card (measured, and followed as it resizes), unless the periods need more.
  const width = Math.max(available ?? LEFT * 2 + periods.length * FIRST_STEP, LEFT * 2 + periods.length * MIN_STEP);
  const step = (width - LEFT * 2) / periods.length;
  const column = Math.min(MAX_COLUMN, step * COLUMN_SHARE);
  const longest = Math.max(...periods.map((at) => at.period.length));
  const every = Math.max(1, Math.ceil((longest * TICK_CHAR + 8) / step));
  const groups = [...new Set(periods.flatMap((at) => at.groups.filter((group) => group.expenses < 0).map((group) => group.group)))];
  const middle = (index: number) => LEFT + index * step + step / 2;
  // A label under its column, moved in from an edge rather than cut off by it.
  const tickAt = (index: number, label: string) => {
    const half = (label.length * TICK_CHAR) / 2;
    return Math.min(Math.max(middle(index), half), width - half);
  };
  const line = periods.map((_, index) => `${middle(index)},${y(nets[index]!)}`).join(' ');
  return (
    <section class="report-card wide" aria-label="Spending per period, by group, with net">
      <h2>Spending per {byPeriod.period}, by group, with net</h2>
      <div class="chart-scroll" ref={measure}>
        <svg class="period-chart" viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="group" aria-label="One column per period">
          <line class="axis" x1={0} x2={width} y1={y(0)} y2={y(0)} />
          {periods.map((at, index) => {
            let top = y(0);
            const x = middle(index) - column / 2;
            const href = link(at.start, at.end);
            const label = `${at.period}: spent ${formatAmount(-spending[index]!, locale).text}, net ${formatAmount(nets[index]!, locale).text}`;
            return (
              <a key={at.period} href={href} onClick={(event) => inApp(event as unknown as MouseEvent, href)} aria-label={label}>
                <title>{label}</title>
                <rect class="column-hit" x={LEFT + index * step} y={TOP} width={step} height={HEIGHT - TOP - BOTTOM} />
                {at.groups
                  .filter((group) => group.expenses < 0)
                  .map((group) => {
                    const height = -group.expenses * scale;
                    top -= height;
                    return <rect key={group.group ?? ''} class={`slot-${slot(group.group)}`} x={x} y={top} width={column} height={height} />;
                  })}
                {index % every === 0 && (
                  <text class="tick" x={tickAt(index, at.period)} y={HEIGHT - 8} text-anchor="middle">
                    {at.period}
                  </text>
                )}
              </a>
            );
          })}
          <polyline class="net-line" points={line} />
          {periods.map((at, index) => (
            <circle key={at.period} class="net-dot" cx={middle(index)} cy={y(nets[index]!)} r={3} />
          ))}
        </svg>
      </div>
      <ul class="legend">
        {groups.map((group) => (
          <li key={group ?? ''}>
            <span class={`swatch slot-${slot(group)}`} aria-hidden="true" />
            {group ?? 'No group'}
          </li>
        ))}
        <li>
          <span class="swatch net" aria-hidden="true" />
          Net
        </li>
      </ul>
    </section>
  );
}
