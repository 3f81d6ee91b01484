import { useRef, useState } from 'preact/hooks';
import { inApp } from '../app/navigate.js';
import { amountAxis, axisAmount, periodName, tickLabels } from '../lib/chart-axis.js';
import { formatAmount } from '../lib/format.js';
import { PeriodTable } from './PeriodTable.js';
import type { ReportData } from './use-reports.js';
import { useWidth } from './use-width.js';
import './charts.css';

const HEIGHT = 220;
const TOP = 10;
const BOTTOM = 24;
/** Room for the amount axis's labels on the left; a little margin on the right. */
const LEFT = 40;
const RIGHT = 8;
/** A period's width before the card is measured. */
const FIRST_STEP = 36;
/** The narrowest a period gets: more periods than fit (days over a year) scroll sideways instead. */
const MIN_STEP = 11;
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

/**
 * Spending per period stacked by group, with net (income + expenses) as a line, on an amount axis
 * and a period axis. A column's figures show on hover, on keyboard focus and on a first tap (a
 * second tap, or a click, opens the period in the register); "Table" shows the same figures as a table.
 */
export function PeriodChart({ byPeriod, cashflow, locale, link, slot }: Props) {
  const [measure, available] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);
  const shownBefore = useRef(true);
  const periods = byPeriod.periods;
  if (periods.length === 0) return null;
  const net = new Map(cashflow.periods.map((at) => [at.period, at.net]));
  const spending = periods.map((at) => at.groups.reduce((sum, group) => sum - group.expenses, 0));
  const nets = periods.map((at) => net.get(at.period) ?? 0);
  const axis = amountAxis(Math.min(0, ...nets), Math.max(1, ...spending, ...nets));
  const scale = (HEIGHT - TOP - BOTTOM) / (axis.max - axis.min);
  const y = (value: number) => TOP + (axis.max - value) * scale;
  // As wide as the card (measured, and followed as it resizes), unless the periods need more.
  const width = Math.max(available ?? LEFT + RIGHT + periods.length * FIRST_STEP, LEFT + RIGHT + periods.length * MIN_STEP);
  const step = (width - LEFT - RIGHT) / periods.length;
  const column = Math.min(MAX_COLUMN, step * COLUMN_SHARE);
  const longest = Math.max(...periods.map((at) => periodName(at.period, locale).length));
  const every = Math.max(1, Math.ceil((longest * TICK_CHAR + 8) / step));
  const ticks = tickLabels(periods.map((at) => at.period), every, locale);
  const groups = [...new Set(periods.flatMap((at) => at.groups.filter((group) => group.expenses < 0).map((group) => group.group)))];
  const middle = (index: number) => LEFT + index * step + step / 2;
  // A label under its column, moved in from an edge rather than cut off by it.
  const tickAt = (index: number, label: string) => {
    const half = (label.length * TICK_CHAR) / 2;
    return Math.min(Math.max(middle(index), LEFT + half), width - half);
  };
  const line = periods.map((_, index) => `${middle(index)},${y(nets[index]!)}`).join(' ');
  const title = `Spending per ${byPeriod.period}, by group, with net`;
  const readout = (index: number) =>
    `${periodName(periods[index]!.period, locale)}: spent ${formatAmount(-spending[index]!, locale).text}, net ${formatAmount(nets[index]!, locale).text}`;
  return (
    <section class="report-card wide" aria-label={title}>
      <div class="chart-head">
        <h2>{title}</h2>
        <button type="button" class="button chart-toggle" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          Table
        </button>
      </div>
      {asTable ? (
        <PeriodTable caption={title} periods={periods} cashflow={cashflow} groups={groups} locale={locale} />
      ) : (
        <>
          <p class="chart-readout small" data-period={active === null ? undefined : periods[active]!.period}>
            {active === null ? 'Hover, focus or tap a column for its figures; Table lists them all.' : readout(active)}
          </p>
          <div class="chart-scroll" ref={measure}>
            <svg class="period-chart" viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="group" aria-label="One column per period">
              <g class="amount-axis" aria-hidden="true">
                {axis.ticks.map((value) => (
                  <g key={value}>
                    <line class={value === 0 ? 'axis' : 'grid'} x1={LEFT} x2={width - RIGHT} y1={y(value)} y2={y(value)} />
                    <text class="tick amount-tick" x={LEFT - 6} y={y(value) + 3} text-anchor="end">
                      {axisAmount(value, locale)}
                    </text>
                  </g>
                ))}
              </g>
              {periods.map((at, index) => {
                let top = y(0);
                const x = middle(index) - column / 2;
                const href = link(at.start, at.end);
                const label = readout(index);
                const tick = ticks[index];
                return (
                  <a
                    key={at.period}
                    href={href}
                    class={active === index ? 'active' : undefined}
                    aria-label={label}
                    onFocus={() => setActive(index)}
                    onPointerEnter={(event) => {
                      // A touch's enter comes before its click: the tap decides, below.
                      if (event.pointerType !== 'touch') setActive(index);
                    }}
                    onPointerDown={(event) => {
                      // Whether this column's figures were showing before the tap (its focus shows them too).
                      shownBefore.current = event.pointerType !== 'touch' || active === index;
                    }}
                    onClick={(event) => {
                      // A first tap shows the column's figures; a second opens the period.
                      if (!shownBefore.current) {
                        shownBefore.current = true;
                        event.preventDefault();
                        setActive(index);
                        return;
                      }
                      inApp(event as unknown as MouseEvent, href);
                    }}
                  >
                    <title>{label}</title>
                    <rect class="column-hit" x={LEFT + index * step} y={TOP} width={step} height={HEIGHT - TOP - BOTTOM} />
                    {at.groups
                      .filter((group) => group.expenses < 0)
                      .map((group) => {
                        const height = -group.expenses * scale;
                        top -= height;
                        return <rect key={group.group ?? ''} class={`slot-${slot(group.group)}`} x={x} y={top} width={column} height={height} />;
                      })}
                    {tick && (
                      <text class="tick period-tick" x={tickAt(index, tick)} y={HEIGHT - 8} text-anchor="middle">
                        {tick}
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
        </>
      )}
    </section>
  );
}
