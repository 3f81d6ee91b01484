import { useEffect, useState } from 'preact/hooks';
import { FilterSheet } from '../app/FilterSheet.js';
import { inApp } from '../app/navigate.js';
import { formatAmount, formatCount } from '../lib/format.js';
import { EMPTY_REPORT, groupSlots, presetOf, presetRange, readReportState, registerLink, writeReportState, type RangePreset, type ReportState } from '../lib/report-state.js';
import { useCatalogue } from '../register/use-catalogue.js';
import { PeriodChart } from './PeriodChart.js';
import { ReportFilters } from './ReportFilters.js';
import { SpendingBars } from './SpendingBars.js';
import { bothSections, ReportSection } from './ReportSection.js';
import { fieldProblem as refusedField, useReports } from './use-reports.js';
import { appLocale } from '../app/preferences.js';

/** Where the money went: totals, spending by group and category, per period, cashflow and top payees, for one filter in the URL. */
export function Reports() {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const [state, setState] = useState<ReportState>(() => readReportState(location.search));
  const catalogue = useCatalogue();
  const reports = useReports(state);

  useEffect(() => {
    const onPop = () => setState(readReportState(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const change = (next: Partial<ReportState>) => {
    const merged = { ...state, ...next };
    history.pushState(null, '', `${location.pathname}${writeReportState(merged)}`);
    setState(merged);
  };
  const amount = (value: number) => {
    const formatted = formatAmount(value, locale);
    return <span class={`amount ${formatted.kind}`}>{formatted.text}</span>;
  };
  const slot = groupSlots(catalogue.categories.map((category) => category.group?.name));
  const fieldProblem = refusedField(reports);
  // Dimmed while answers already drawn are being read again (a filter changed); a section
  // without one shows its own placeholder instead.
  const loading = Object.values(reports).some((section: { loading: boolean; data: unknown }) => section.loading && section.data !== null);

  return (
    <section class="reports" aria-labelledby="reports-title">
      <header class="screen-head">
        <h1 id="reports-title">Reports</h1>
        <FilterSheet id="report-filters" active={[state.from, state.to, state.bank, state.category].filter((value) => value !== null).length} invalid={fieldProblem !== null}>
          <ReportFilters
            state={state}
            preset={presetOf(state, today)}
            banks={catalogue.banks}
            categories={catalogue.categories}
            problem={fieldProblem}
            onPreset={(preset: RangePreset) => change(presetRange(preset, today))}
            onChange={change}
            onReset={() => change(EMPTY_REPORT)}
          />
        </FilterSheet>
      </header>
      {reports.totals.data?.count === 0 ? (
        <p class="empty-note">No transactions match this range and filter. Widen the range or clear a filter.</p>
      ) : (
        <div class={`report-grid ${loading ? 'loading' : ''}`} aria-busy={loading}>
          <ReportSection section={reports.totals} title="Totals" wide>
            {(totals) => (
              <section class="report-card wide totals" aria-label="Totals">
                <dl>
                  <div>
                    <dt>Transactions</dt>
                    <dd>
                      <a href={registerLink(state, {})} onClick={(event) => inApp(event, registerLink(state, {}))}>
                        {formatCount(totals.count, locale)}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt>Income</dt>
                    <dd data-total="income">{amount(totals.income)}</dd>
                  </div>
                  <div>
                    <dt>Expenses</dt>
                    <dd data-total="expenses">{amount(totals.expenses)}</dd>
                  </div>
                  <div>
                    <dt>Net</dt>
                    <dd data-total="net">{amount(totals.net)}</dd>
                  </div>
                </dl>
              </section>
            )}
          </ReportSection>
          <ReportSection section={reports.overall} title="Spending by group and category" wide>
            {(overallReport) => {
              const overall = overallReport.periods[0];
              return (
                <>
                  <SpendingBars
                    title="Spending by group"
                    locale={locale}
                    bars={(overall?.groups ?? []).map((group) => ({ key: group.group ?? '', label: group.group ?? 'No group', expenses: group.expenses, count: group.count, slot: slot(group.group) }))}
                  />
                  <SpendingBars
                    title="Spending by category"
                    locale={locale}
                    bars={(overall?.categories ?? []).map((category) => ({
                      key: category.category ?? '',
                      label: category.category ?? 'Uncategorised',
                      expenses: category.expenses,
                      count: category.count,
                      slot: slot(category.group),
                      href: registerLink(state, { category: category.category ?? '' }),
                    }))}
                  />
                </>
              );
            }}
          </ReportSection>
          <ReportSection section={bothSections(reports.byPeriod, reports.cashflow)} title="Per period" wide>
            {([byPeriod, cashflow]) => (
              <PeriodChart slot={slot} byPeriod={byPeriod} cashflow={cashflow} locale={locale} link={(start, end) => registerLink(state, { ...(start && { start }), ...(end && { end }) })} />
            )}
          </ReportSection>
          <ReportSection section={reports.cashflow} title="Income and expenses">
            {(cashflow) => (
              <section class="report-card" aria-labelledby="cashflow-title">
                <h2 id="cashflow-title">Income and expenses per {cashflow.period}</h2>
                <div class="table-scroll">
                  <table class="report-table">
                    <thead>
                      <tr>
                        <th scope="col">Period</th>
                        <th scope="col" class="num">Income</th>
                        <th scope="col" class="num">Expenses</th>
                        <th scope="col" class="num">Net</th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...cashflow.periods].reverse().map((at) => {
                        const href = registerLink(state, { ...(at.start && { start: at.start }), ...(at.end && { end: at.end }) });
                        return (
                          <tr key={at.period}>
                            <th scope="row">
                              <a href={href} onClick={(event) => inApp(event, href)} title={`${at.count} transactions`}>
                                {at.period}
                              </a>
                            </th>
                            <td class="num">{amount(at.income)}</td>
                            <td class="num">{amount(at.expenses)}</td>
                            <td class="num">{amount(at.net)}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </section>
            )}
          </ReportSection>
          <ReportSection section={reports.payees} title="Top payees">
            {(payees) => (
              <section class="report-card" aria-labelledby="payees-title">
                <h2 id="payees-title">Top payees</h2>
                <table class="report-table payees">
                  <thead>
                    <tr>
                      <th scope="col">Payee</th>
                      <th scope="col" class="num">Rows</th>
                      <th scope="col" class="num">Net</th>
                    </tr>
                  </thead>
                  <tbody>
                    {payees.payees.map((payee) => {
                      const largest = Math.max(...payees.payees.map((each) => Math.abs(each.net)), 1);
                      return (
                        <tr key={payee.payee}>
                          <th scope="row">
                            {payee.payee}
                            <span class="spark" aria-hidden="true">
                              <span class={payee.net >= 0 ? 'spark-in' : 'spark-out'} style={{ width: `${(Math.abs(payee.net) / largest) * 100}%` }} />
                            </span>
                          </th>
                          <td class="num">{formatCount(payee.count, locale)}</td>
                          <td class="num">{amount(payee.net)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </section>
            )}
          </ReportSection>
        </div>
      )}
      <p class="small hint">Click a bar, a column or a period to open those transactions in the register.</p>
    </section>
  );
}
