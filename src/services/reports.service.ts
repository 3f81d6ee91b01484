import { categoryReport, cashflowReport, payeeReport, totalsReport, type CashflowReport, type CategoryReport, type PayeeReport } from '../domain/reports/reports.js';
import type { ReportPeriod } from '../domain/reports/periods.js';
import type { Totals } from '../domain/reports/report-parts.js';
import { checkFilterRanges, QUERY_FILTER_NAMES, type FilterFieldNames, type TransactionFilter } from '../domain/transaction-filter.js';
import type { Store } from '../store/store.js';

/**
 * Reports over the transactions a filter matches (issue 12): totals, per category and group,
 * cash flow per period, and the largest payees. Each reads one snapshot (one statement) and adds
 * up exactly (domain/reports/exact-sum.ts). `names` says how the caller names the filter's
 * fields in a problem (query parameters by default; the command line's flags).
 */
export class ReportsService {
  constructor(
    private readonly store: Pick<Store, 'reports'>,
    private readonly names: FilterFieldNames = QUERY_FILTER_NAMES,
  ) {}

  async totals(filter: TransactionFilter): Promise<Totals> {
    return totalsReport(await this.parts(filter, { month: false, category: false, description: false }));
  }

  async byCategory(filter: TransactionFilter, period: ReportPeriod): Promise<CategoryReport> {
    return categoryReport(await this.parts(filter, { month: period !== 'all', category: true, description: false }), period);
  }

  async cashflow(filter: TransactionFilter, period: ReportPeriod): Promise<CashflowReport> {
    return cashflowReport(await this.parts(filter, { month: period !== 'all', category: false, description: false }), period);
  }

  async topPayees(filter: TransactionFilter, limit: number): Promise<PayeeReport> {
    return payeeReport(await this.parts(filter, { month: false, category: false, description: true }), limit);
  }

  private parts(filter: TransactionFilter, grouping: Parameters<Store['reports']['parts']>[1]) {
    checkFilterRanges(filter, this.names);
    return this.store.reports.parts(filter, grouping);
  }
}
