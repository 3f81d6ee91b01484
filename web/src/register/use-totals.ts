import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { filterKey, type ListFilter } from '../lib/url-state.js';

export interface Totals {
  count: number;
  income: number;
  expenses: number;
  net: number;
}

/** The totals wait for the filter to rest this long: while someone types, only the rows are asked for. */
const TOTALS_REST_MS = 120;

/**
 * GET /reports/totals for the list's filter. Asked only once the rows have come (`ready`), so it
 * never competes with the request the person is waiting for; a newer filter aborts it. The last
 * answer stays (marked stale) until the next one comes. A new `version` asks again (after edits).
 */
export function useTotals(filter: ListFilter, ready: boolean, version: string): { totals: Totals | null; stale: boolean } {
  const key = `${version}|${filterKey(filter)}`;
  const [answer, setAnswer] = useState<{ key: string; totals: Totals } | null>(null);
  useEffect(() => {
    if (!ready || answer?.key === key) return;
    const controller = new AbortController();
    const { sort: _sort, ...query } = filter;
    const timer = setTimeout(() => {
      api
        .GET('/reports/totals', { params: { query }, signal: controller.signal })
        .then(({ data }) => {
          if (data) setAnswer({ key, totals: data });
        })
        .catch(() => undefined);
    }, TOTALS_REST_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, ready]);
  return { totals: answer?.totals ?? null, stale: answer?.key !== key };
}
