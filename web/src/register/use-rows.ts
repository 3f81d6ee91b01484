import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem, Transaction } from '../api/types.js';
import { filterKey, type ListFilter } from '../lib/url-state.js';
import { pagesFor } from '../lib/viewport.js';

/** Rows per request: a page is a few tens of KB and fills several screens. */
export const PAGE_SIZE = 200;

interface RowCache {
  key: string;
  filter: ListFilter;
  total: number | null;
  /** The API's 400 for this filter (a date range the wrong way round), shown beside its field. */
  problem: Problem | null;
  pages: Map<number, Transaction[]>;
  loading: Map<number, AbortController>;
}

export interface RowSource {
  /** The row at an index, and whether it belongs to the list before the last change (dimmed). */
  row(index: number): { transaction: Transaction; stale: boolean } | null;
  total: number;
  /** True until the current filter's first answer has come. */
  settling: boolean;
  /** Whether the current filter's total is known (false on the very first load). */
  known: boolean;
  problem: Problem | null;
  replace(transaction: Transaction): void;
  /** Ask again for the pages that failed (after a lost connection or a 503). */
  retry(): void;
}

const newCache = (filter: ListFilter, epoch: number): RowCache => ({ key: `${epoch}|${filterKey(filter)}`, filter, total: null, problem: null, pages: new Map(), loading: new Map() });

/**
 * Pages of GET /transactions around the visible rows. When the filter or order changes, the
 * rows of the previous list stay on screen (dimmed) until the new pages arrive: never blank.
 * A new `epoch` reloads the same filter (after the data changed underneath).
 */
export function useRows(filter: ListFilter, first: number, count: number, epoch = 0): RowSource {
  const [, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((version) => version + 1), []);
  const current = useRef<RowCache>(newCache(filter, epoch));
  const previous = useRef<RowCache | null>(null);
  const [retries, setRetries] = useState(0);

  const key = `${epoch}|${filterKey(filter)}`;
  if (current.current.key !== key) {
    for (const controller of current.current.loading.values()) controller.abort();
    // The list on screen is whichever last had rows: it stays until the new one answers.
    if (current.current.total !== null || previous.current === null) previous.current = current.current;
    current.current = newCache(filter, epoch);
  }

  useEffect(() => {
    const cache = current.current;
    const wanted = pagesFor(first, count, PAGE_SIZE, cache.total ?? first + count + 1);
    for (const [page, controller] of cache.loading) {
      if (!wanted.includes(page)) {
        controller.abort();
        cache.loading.delete(page);
      }
    }
    for (const page of wanted) {
      if (cache.pages.has(page) || cache.loading.has(page)) continue;
      const controller = new AbortController();
      cache.loading.set(page, controller);
      void loadPage(cache, page, controller.signal)
        .then((loaded) => {
          if (cache !== current.current) return;
          if (cache.problem) bump();
          if (!loaded) return;
          previous.current = null;
          bump();
        })
        .finally(() => {
          if (cache.loading.get(page) === controller) cache.loading.delete(page);
        });
    }
  }, [key, first, count, retries, bump]);

  const cache = current.current;
  const old = previous.current;
  return {
    total: cache.total ?? old?.total ?? 0,
    settling: cache.total === null,
    known: cache.total !== null || (old?.total ?? null) !== null,
    problem: cache.problem,
    row(index) {
      const page = Math.floor(index / PAGE_SIZE);
      const fresh = cache.pages.get(page)?.[index % PAGE_SIZE];
      if (fresh) return { transaction: fresh, stale: false };
      const stale = old?.pages.get(page)?.[index % PAGE_SIZE];
      return stale ? { transaction: stale, stale: true } : null;
    },
    replace(transaction) {
      for (const rows of cache.pages.values()) {
        const at = rows.findIndex((row) => row.id === transaction.id);
        if (at >= 0) rows[at] = transaction;
      }
      bump();
    },
    retry: () => setRetries((count) => count + 1),
  };
}

async function loadPage(cache: RowCache, page: number, signal: AbortSignal): Promise<boolean> {
  try {
    const { data, error, response } = await api.GET('/transactions', {
      params: { query: { ...cache.filter, limit: PAGE_SIZE, offset: page * PAGE_SIZE } },
      signal,
    });
    if (response.status === 400) cache.problem = error as Problem;
    if (response.status !== 200 && response.status !== 204) return false;
    cache.total = Number(response.headers.get('x-total-count') ?? '0');
    cache.pages.set(page, (data as Transaction[] | undefined) ?? []);
    return true;
  } catch {
    // Aborted, or the connection is lost: the client has told the app, which offers a retry.
    return false;
  }
}
