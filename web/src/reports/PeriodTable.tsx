import { periodName } from '../lib/chart-axis.js';
import { formatAmount } from '../lib/format.js';
import type { ReportData } from './use-reports.js';

interface Props {
  caption: string;
  periods: ReportData['byPeriod']['periods'];
  cashflow: ReportData['cashflow'];
  /** The groups the chart stacks, in its order. */
  groups: Array<string | undefined>;
  locale: string;
}

/** The period chart's figures as a table: per period, what each group spent, income, expenses and net, exactly as the API sums them. */
export function PeriodTable({ caption, periods, cashflow, groups, locale }: Props) {
  const flows = new Map(cashflow.periods.map((at) => [at.period, at]));
  const amount = (value: number | undefined) => {
    const shown = formatAmount(value ?? 0, locale);
    return <td class={`num ${shown.kind}`}>{shown.text}</td>;
  };
  return (
    // Wider than a phone: the box scrolls, so it takes the focus to scroll by keys.
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="period-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {groups.map((group) => (
              <th scope="col" class="num" key={group ?? ''}>
                {group ?? 'No group'}
              </th>
            ))}
            <th scope="col" class="num">
              Income
            </th>
            <th scope="col" class="num">
              Expenses
            </th>
            <th scope="col" class="num">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.map((at) => {
            const flow = flows.get(at.period);
            return (
              <tr key={at.period} data-period={at.period}>
                <th scope="row">{periodName(at.period, locale)}</th>
                {groups.map((group) => (
                  <td key={group ?? ''} class="num">
                    {formatAmount(at.groups.find((each) => each.group === group)?.expenses ?? 0, locale).text}
                  </td>
                ))}
                {amount(flow?.income)}
                {amount(flow?.expenses)}
                {amount(flow?.net)}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
