import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { paths, Problem } from '../api/types.js';
import { reportFilter, type ReportState } from '../lib/report-state.js';

type Json<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer T } } } } } ? T : never;

export interface ReportData {
  totals: Json<'/reports/totals'>;
  /** The whole range (period `all`): spending by category and by group. */
  overall: Json<'/reports/categories'>;
  /** Per period: spending stacked by group. */
  byPeriod: Json<'/reports/categories'>;
  cashflow: Json<'/reports/cashflow'>;
  payees: Json<'/reports/payees'>;
}

export interface Reports {
  data: ReportData | null;
  loading: boolean;
  /** The problem the API gave (a field it names, or why it failed), or null. */
  problem: Problem | null;
  failed: boolean;
  /** Ask again now (the screen's Try again). */
  retry(): void;
}

/** How long to wait before asking again when Moneta is busy (503) or not answering. */
const RETRY_MS = 3000;

export const TOP_PAYEES = 10;

/** The five reports of a state, asked together; the previous ones stay while new ones come. */
export function useReports(state: ReportState, retryTick: number): Reports {
  const [now, setNow] = useState<Omit<Reports, 'retry'>>({ data: null, loading: true, problem: null, failed: false });
  const [again, setAgain] = useState(0);
  const [busy, setBusy] = useState(false);
  // Busy or unreachable: ask again by itself in a few seconds (a 400 is not asked again).
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setAgain((at) => at + 1), RETRY_MS);
    return () => clearTimeout(timer);
  }, [busy, again]);
  useEffect(() => {
    let current = true;
    const query = reportFilter(state);
    setNow((was) => ({ ...was, loading: true }));
    const period = state.period;
    Promise.all([
      api.GET('/reports/totals', { params: { query } }),
      api.GET('/reports/categories', { params: { query: { ...query, period: 'all' } } }),
      api.GET('/reports/categories', { params: { query: { ...query, period } } }),
      api.GET('/reports/cashflow', { params: { query: { ...query, period } } }),
      api.GET('/reports/payees', { params: { query: { ...query, limit: TOP_PAYEES } } }),
    ])
      .then(([totals, overall, byPeriod, cashflow, payees]) => {
        if (!current) return;
        const failed = [totals, overall, byPeriod, cashflow, payees].find((answer) => answer.data === undefined);
        setBusy(failed !== undefined && failed.response.status >= 500);
        if (failed || !totals.data || !overall.data || !byPeriod.data || !cashflow.data || !payees.data) {
          setNow((was) => ({ ...was, loading: false, problem: (failed?.error as Problem | undefined) ?? null, failed: true }));
          return;
        }
        setNow({ data: { totals: totals.data, overall: overall.data, byPeriod: byPeriod.data, cashflow: cashflow.data, payees: payees.data }, loading: false, problem: null, failed: false });
      })
      .catch(() => {
        if (!current) return;
        setBusy(true);
        setNow((was) => ({ ...was, loading: false, problem: null, failed: true }));
      });
    return () => {
      current = false;
    };
  }, [state.from, state.to, state.bank, state.category, state.period, retryTick, again]);
  return { ...now, retry: () => setAgain((at) => at + 1) };
}
