import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { filterKey, type ListFilter } from '../lib/url-state.js';

export interface Totals {
  count: number;
  income: number;
  expenses: number;
  net: number;
}

/**
 * The totals wait for the filter to rest: while someone types, only the rows are asked for. A
 * description search's totals scan every match on the server (150 to 400 ms at a million rows,
 * where a page of rows takes 10 to 50), and a scan that starts between two keystrokes delays the
 * next keystroke's rows; so they wait for the typing to stop.
 */
const TOTALS_REST_MS = 120;
const SEARCH_TOTALS_REST_MS = 600;

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
    }, filter.description === undefined ? TOTALS_REST_MS : SEARCH_TOTALS_REST_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, ready]);
  return { totals: answer?.totals ?? null, stale: answer?.key !== key };
}
