import { categoryReport, cashflowReport, payeeReport, totalsReport, type CashflowReport, type CategoryReport, type PayeeReport } from '../domain/reports/reports.js';
import type { ReportPeriod } from '../domain/reports/periods.js';
import type { Totals } from '../domain/reports/report-parts.js';
import type { TransactionFilter } from '../domain/transaction-filter.js';
import type { Store } from '../store/store.js';
import { ReportAnswers } from './report-answers.js';

/**
 * Reports over the transactions a filter matches (issue 12): totals, per category and group,
 * cash flow per period, and the largest payees. Each reads one snapshot (one statement) and adds
 * up exactly (domain/reports/exact-sum.ts). Finished answers are remembered per data version
 * (ReportAnswers), so repeats cost a lookup and stay exact after every write. The filter comes
 * checked (domain/filter-input.ts, at each entry point: query parameters, the command line).
 */
export class ReportsService {
  constructor(private readonly store: Pick<Store, 'reports'>) {}

  private readonly answers = new ReportAnswers();

  totals(filter: TransactionFilter): Promise<Totals> {
    return this.answer('totals', filter, undefined, async () => totalsReport(await this.parts(filter, { month: false, category: false, description: false })));
  }

  byCategory(filter: TransactionFilter, period: ReportPeriod): Promise<CategoryReport> {
    return this.answer('categories', filter, period, async () =>
      categoryReport(await this.parts(filter, { month: period !== 'all', category: true, description: false }), period),
    );
  }

  cashflow(filter: TransactionFilter, period: ReportPeriod): Promise<CashflowReport> {
    return this.answer('cashflow', filter, period, async () =>
      cashflowReport(await this.parts(filter, { month: period !== 'all', category: false, description: false }), period),
    );
  }

  topPayees(filter: TransactionFilter, limit: number): Promise<PayeeReport> {
    return this.answer('payees', filter, limit, async () => payeeReport(await this.parts(filter, { month: false, category: false, description: true }), limit));
  }

  /** Reads the data version before the report (see ReportAnswers). */
  private async answer<T>(report: string, filter: TransactionFilter, option: string | number | undefined, read: () => Promise<T>): Promise<T> {
    const version = await this.store.reports.version();
    return this.answers.answer(version, reportKey(report, filter, option), read);
  }

  private parts(filter: TransactionFilter, grouping: Parameters<Store['reports']['parts']>[1]) {
    return this.store.reports.parts(filter, grouping);
  }
}

/** Every field of the filter (0 for "none": undefined and null differ for category) and the report's option. */
function reportKey(report: string, filter: TransactionFilter, option: string | number | undefined): string {
  return JSON.stringify([
    report,
    option ?? 0,
    filter.category === undefined ? 0 : filter.category,
    filter.bank ?? 0,
    filter.descriptionContains ?? 0,
    filter.from ?? 0,
    filter.to ?? 0,
    filter.minValue ?? 'none',
    filter.maxValue ?? 'none',
  ]);
}
