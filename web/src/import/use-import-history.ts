import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { ImportSummary } from './import-calls.js';

const PAGE = 20;

export interface ImportHistorySource {
  imports: ImportSummary[] | null;
  total: number;
  failed: boolean;
  loading: boolean;
  reload(): void;
  /** Shows the next page of older imports as well. */
  more(): void;
}

/** The import history, newest first; the previous list stays while a reload comes. */
export function useImportHistory(retryTick: number): ImportHistorySource {
  const [imports, setImports] = useState<ImportSummary[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [limit, setLimit] = useState(PAGE);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .GET('/imports', { params: { query: { limit } } })
      .then(({ data, response }) => {
        if (!current) return;
        setLoading(false);
        setFailed(!response.ok);
        if (response.ok) {
          setImports(data ?? []);
          setTotal(Number(response.headers.get('x-total-count') ?? 0));
        }
      })
      .catch(() => {
        if (!current) return;
        setLoading(false);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [version, limit, retryTick]);
  return {
    imports,
    total,
    failed,
    loading,
    reload: useCallback(() => setVersion((at) => at + 1), []),
    more: useCallback(() => setLimit((at) => at + PAGE), []),
  };
}
