import { useState } from 'preact/hooks';
import { formatMoney } from '../lib/money.js';
import { useWidth } from '../reports/use-width.js';

export interface BalancePoint {
  date: string;
  balance: number;
}

const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 24;
/** Room on the left for the axis' figures. */
const LEFT = 84;
const RIGHT = 16;

interface Props {
  points: BalancePoint[];
  currency: string;
  locale: string;
}

/** A month under its point; the year too on the first point and on January. */
const monthLabel = (date: string, locale: string, withYear: boolean) =>
  new Intl.DateTimeFormat(locale, { month: 'short', ...(withYear && { year: '2-digit' }), timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * The balance at the end of each period as a line, with its axis (lowest, zero when crossed,
 * highest), a month under each point, the value of the point in focus (Tab or pointer), and the
 * same figures as a table for screen readers and for reading exactly.
 */
export function BalanceChart({ points, currency, locale }: Props) {
  const [measure, available] = useWidth<HTMLDivElement>();
  const [focused, setFocused] = useState<number | null>(null);
  if (points.length === 0) return <p class="small">No balance history yet.</p>;
  const values = points.map((point) => point.balance);
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  const span = high - low || 1;
  const width = Math.max(available ?? 600, 280);
  const step = points.length > 1 ? (width - LEFT - RIGHT) / (points.length - 1) : 0;
  const x = (index: number) => LEFT + index * step;
  const y = (value: number) => TOP + ((high - value) / span) * (HEIGHT - TOP - BOTTOM);
  const every = Math.max(1, Math.ceil(44 / Math.max(step, 1)));
  const ticks = [...new Set([high, 0, low])];
  const shown = focused === null ? null : points[focused];
  return (
    <section class="account-card" aria-labelledby="balance-history-title">
      <h2 id="balance-history-title">Balance, month by month</h2>
      <div class="chart-scroll" ref={measure}>
        <svg class="balance-chart" viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="group" aria-label="Balance at the end of each month">
          {ticks.map((value) => (
            <g key={value} class="axis-tick">
              <line class={value === 0 ? 'axis zero' : 'axis'} x1={LEFT} x2={width - RIGHT} y1={y(value)} y2={y(value)} />
              <text class="tick" x={LEFT - 6} y={y(value) + 4} text-anchor="end">
                {formatMoney(value, currency, locale)}
              </text>
            </g>
          ))}
          <polyline class="balance-line" points={points.map((point, index) => `${x(index)},${y(point.balance)}`).join(' ')} />
          {points.map((point, index) => {
            const label = `${point.date}: ${formatMoney(point.balance, currency, locale)}`;
            return (
              <g key={point.date}>
                <circle
                  class={`balance-dot${focused === index ? ' focused' : ''}`}
                  cx={x(index)}
                  cy={y(point.balance)}
                  r={focused === index ? 6 : 4}
                  tabIndex={0}
                  role="img"
                  aria-label={label}
                  onFocus={() => setFocused(index)}
                  onBlur={() => setFocused(null)}
                  onMouseEnter={() => setFocused(index)}
                  onMouseLeave={() => setFocused(null)}
                >
                  <title>{label}</title>
                </circle>
                {index % every === 0 && (
                  <text class="tick" x={x(index)} y={HEIGHT - 6} text-anchor="middle">
                    {monthLabel(point.date, locale, index === 0 || point.date.slice(5, 7) === '01')}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <p class="chart-focus small" aria-live="polite">
        {shown ? `${shown.date}: ${formatMoney(shown.balance, currency, locale)}` : 'Tab to a point, or point at it, to read its balance.'}
      </p>
      <details class="chart-table">
        <summary>Show as a table</summary>
        <table class="figures">
          <thead>
            <tr>
              <th scope="col">Month ending</th>
              <th scope="col" class="amount">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <td>{point.date}</td>
                <td class="amount">{formatMoney(point.balance, currency, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
