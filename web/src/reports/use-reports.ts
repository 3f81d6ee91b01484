import { api } from '../api/client.js';
import type { paths, Problem } from '../api/types.js';
import { reportFilter, type ReportState } from '../lib/report-state.js';
import { useSection, type Section } from './use-section.js';

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

/** The Reports page's sections, each read, failed and asked again on its own (issue 26). */
export type Reports = { [K in keyof ReportData]: Section<ReportData[K]> };

export const TOP_PAYEES = 10;

/** The five reports of a state, asked together; each section keeps its last answer while a new one comes. */
export function useReports(state: ReportState): Reports {
  const query = reportFilter(state);
  const period = state.period;
  const key = JSON.stringify([query, period]);
  return {
    totals: useSection(key, () => api.GET('/reports/totals', { params: { query } })),
    overall: useSection(key, () => api.GET('/reports/categories', { params: { query: { ...query, period: 'all' } } })),
    byPeriod: useSection(key, () => api.GET('/reports/categories', { params: { query: { ...query, period } } })),
    cashflow: useSection(key, () => api.GET('/reports/cashflow', { params: { query: { ...query, period } } })),
    payees: useSection(key, () => api.GET('/reports/payees', { params: { query: { ...query, limit: TOP_PAYEES } } })),
  };
}

/** The first error about a filter field (shown beside the filters) any section was refused with, or null. */
export function fieldProblem(reports: Reports): Problem['errors'][number] | null {
  for (const section of Object.values(reports) as Array<Section<unknown>>) {
    const error = section.problem?.errors.find((each) => each.in === 'query');
    if (error) return error;
  }
  return null;
}
