import type { ReportGrouping, ReportPart } from '../../domain/reports/report-parts.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toReportPart, type ReportQueries, type ReportRow } from './report-queries.js';

export interface ReportsRepository {
  /**
   * The parts of a report over the transactions the filter matches, grouped as asked, all from
   * one snapshot (one statement). See ReportPart for how they add up.
   */
  parts(filter: TransactionFilter, grouping: ReportGrouping): Promise<ReportPart[]>;
  /**
   * A text that changes whenever a commit changes the stored data, whichever connection or
   * process made it. Read before a report, it names what the report may be remembered under
   * (services/report-answers.ts). Undefined when it cannot be said: inside an open transaction
   * of this store (an import), or an engine without one.
   */
  version(): Promise<string | undefined>;
}

/** One statement, so one snapshot: the engines that read it where they run other reads (PostgreSQL). */
export function reportsRepository(db: Omit<EngineAccess<{ reports: ReportQueries }, unknown>, 'write'>, version: ReportsRepository['version']): ReportsRepository {
  return {
    async parts(filter, grouping) {
      return (await db.all<ReportRow>(db.queries.reports.report(filter, grouping))).map(toReportPart);
    },
    version,
  };
}
