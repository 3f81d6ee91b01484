import { inApp } from '../app/navigate.js';
import { formatAmount } from '../lib/format.js';

export interface Bar {
  key: string;
  label: string;
  /** Money out, as the API sums it (negative or zero). */
  expenses: number;
  count: number;
  slot: number;
  /** Where a click goes (the register, filtered); none when the register has no such filter (a group). */
  href?: string;
}

/** Horizontal bars, largest spending first; each bar opens the register filtered to it. */
export function SpendingBars({ title, bars, locale }: { title: string; bars: Bar[]; locale: string }) {
  const spent = bars.filter((bar) => bar.expenses < 0).sort((a, b) => a.expenses - b.expenses);
  const largest = spent.length > 0 ? -spent[0]!.expenses : 0;
  return (
    <section class="report-card" aria-label={title}>
      <h2>{title}</h2>
      {spent.length === 0 ? (
        <p class="note">No spending in this range.</p>
      ) : (
        <ul class="bars">
          {spent.map((bar) => (
            <li key={bar.key}>
              {bar.href === undefined ? (
                <span class="bar-link">{inner(bar, largest, locale)}</span>
              ) : (
                <a href={bar.href} onClick={(event) => inApp(event, bar.href!)} class="bar-link" title={`${bar.count} transactions: open them in the register`}>
                  {inner(bar, largest, locale)}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function inner(bar: Bar, largest: number, locale: string) {
  return (
    <>
      <span class="bar-label">{bar.label}</span>
      <span class="bar-track" aria-hidden="true">
        <span class={`bar-fill slot-${bar.slot}`} style={{ width: `${Math.max(0.5, (-bar.expenses / largest) * 100)}%` }} />
      </span>
      <span class="bar-amount">{formatAmount(bar.expenses, locale).text}</span>
    </>
  );
}
