import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { REPORT_PERIODS, type ReportPeriod } from '../domain/reports/periods.js';
import type { TransactionFilter } from '../domain/transaction-filter.js';
import { ReportsService } from '../services/reports.service.js';
import type { Store } from '../store/store.js';
import { addStoreOptions, UsageError, withStore } from './cli-support.js';
import { addFilterOptions, filterOfFlags, type FilterFlags } from './filter-flags.js';
import { cashflowTable, categoriesTable, payeesTable, renderCsv, renderTable, totalsTable, type ReportTable } from './report-output.js';
import { jsonForTerminal } from './terminal-text.js';

interface ReportFlags extends StoreFlags, FilterFlags {
  period?: string;
  limit?: string;
  json?: boolean;
  csv?: boolean;
}

type Report = (reports: ReportsService, filter: TransactionFilter, flags: ReportFlags) => Promise<{ json: unknown; table: ReportTable }>;

const REPORTS: Record<string, { description: string; period?: boolean; limit?: boolean; run: Report }> = {
  totals: {
    description: 'Count, income, expenses and net of the matching transactions',
    run: async (reports, filter) => {
      const totals = await reports.totals(filter);
      return { json: totals, table: totalsTable(totals) };
    },
  },
  categories: {
    description: 'Totals per category and per group, per period',
    period: true,
    run: async (reports, filter, flags) => {
      const report = await reports.byCategory(filter, periodOf(flags));
      return { json: report, table: categoriesTable(report) };
    },
  },
  cashflow: {
    description: 'Income, expenses and net per period',
    period: true,
    run: async (reports, filter, flags) => {
      const report = await reports.cashflow(filter, periodOf(flags));
      return { json: report, table: cashflowTable(report) };
    },
  },
  payees: {
    description: 'The largest counterparties, by the merchant words of their descriptions',
    limit: true,
    run: async (reports, filter, flags) => {
      const report = await reports.topPayees(filter, limitOf(flags));
      return { json: report, table: payeesTable(report) };
    },
  },
};

export function registerReportCommand(program: Command): void {
  const report = program.command('report').description('Reports over the transactions (the same as the API\'s /reports); exact sums');
  for (const [name, spec] of Object.entries(REPORTS)) {
    const command = addFilterOptions(report.command(name).description(spec.description));
    if (spec.period) command.option('--period <period>', `${REPORT_PERIODS.join(', ')} (default month)`);
    if (spec.limit) command.option('--limit <n>', 'how many payees, 1 to 1000 (default 10)');
    addStoreOptions(command.option('--json', 'print JSON').option('--csv', 'print CSV')).action(async (flags: ReportFlags) => {
      if (flags.json && flags.csv) throw new UsageError('choose one of --json and --csv');
      const filter = filterOfFlags(flags);
      await withStore(flags, 'existing', async (store: Store) => {
        const { json, table } = await spec.run(new ReportsService(store), filter, flags);
        if (flags.json) process.stdout.write(`${jsonForTerminal(json)}\n`);
        else if (flags.csv) process.stdout.write(renderCsv(table, process.stdout.isTTY === true));
        else process.stdout.write(renderTable(table));
      });
    });
  }
}

function periodOf(flags: ReportFlags): ReportPeriod {
  const period = flags.period ?? 'month';
  if (!(REPORT_PERIODS as readonly string[]).includes(period)) throw new UsageError(`--period must be one of ${REPORT_PERIODS.join(', ')} (got "${period}")`);
  return period as ReportPeriod;
}

function limitOf(flags: ReportFlags): number {
  const text = flags.limit ?? '10';
  if (!/^[1-9]\d{0,3}$/.test(text) || Number(text) > 1000) throw new UsageError(`--limit must be a whole number from 1 to 1000 (got "${text}")`);
  return Number(text);
}
