import { inApp } from '../app/navigate.js';
import { formatAmount } from '../lib/format.js';
import type { ReportData } from './use-reports.js';

const HEIGHT = 220;
const TOP = 10;
const BOTTOM = 24;
const LEFT = 8;
const STEP = 36;
const COLUMN = 24;

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
  const periods = byPeriod.periods;
  if (periods.length === 0) return null;
  const net = new Map(cashflow.periods.map((at) => [at.period, at.net]));
  const spending = periods.map((at) => at.groups.reduce((sum, group) => sum - group.expenses, 0));
  const nets = periods.map((at) => net.get(at.period) ?? 0);
  const high = Math.max(1, ...spending, ...nets);
  const low = Math.min(0, ...nets);
  const scale = (HEIGHT - TOP - BOTTOM) / (high - low);
  const y = (value: number) => TOP + (high - value) * scale;
  const width = LEFT * 2 + periods.length * STEP;
  const every = Math.ceil(periods.length / 12);
  const groups = [...new Set(periods.flatMap((at) => at.groups.filter((group) => group.expenses < 0).map((group) => group.group)))];
  const line = periods.map((_, index) => `${LEFT + index * STEP + STEP / 2},${y(nets[index]!)}`).join(' ');
  return (
    <section class="report-card wide" aria-label="Spending per period, by group, with net">
      <h2>Spending per {byPeriod.period}, by group, with net</h2>
      <div class="chart-scroll">
        <svg class="period-chart" viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="group" aria-label="One column per period">
          <line class="axis" x1={0} x2={width} y1={y(0)} y2={y(0)} />
          {periods.map((at, index) => {
            let top = y(0);
            const x = LEFT + index * STEP + (STEP - COLUMN) / 2;
            const href = link(at.start, at.end);
            const label = `${at.period}: spent ${formatAmount(-spending[index]!, locale).text}, net ${formatAmount(nets[index]!, locale).text}`;
            return (
              <a key={at.period} href={href} onClick={(event) => inApp(event as unknown as MouseEvent, href)} aria-label={label}>
                <title>{label}</title>
                <rect class="column-hit" x={x - 4} y={TOP} width={COLUMN + 8} height={HEIGHT - TOP - BOTTOM} />
                {at.groups
                  .filter((group) => group.expenses < 0)
                  .map((group) => {
                    const height = -group.expenses * scale;
                    top -= height;
                    return <rect key={group.group ?? ''} class={`slot-${slot(group.group)}`} x={x} y={top} width={COLUMN} height={height} />;
                  })}
                {index % every === 0 && (
                  <text class="tick" x={x + COLUMN / 2} y={HEIGHT - 8} text-anchor="middle">
                    {at.period}
                  </text>
                )}
              </a>
            );
          })}
          <polyline class="net-line" points={line} />
          {periods.map((at, index) => (
            <circle key={at.period} class="net-dot" cx={LEFT + index * STEP + STEP / 2} cy={y(nets[index]!)} r={3} />
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
