import { useRef, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { ListQuery, Transaction } from '../api/types.js';
import { csvStart, EXPORT_PAGE_SIZE, exportFileName, transactionRecord } from '../lib/csv-export.js';

export interface ExportState {
  /** Rows read so far and of how many, while an export runs; null otherwise. */
  progress: { done: number; total: number } | null;
  error: string | null;
  start(): void;
  cancel(): void;
}

/**
 * The register's CSV export: every row the screen's filter matches (its sort kept), read through
 * the API a page at a time, with progress and a cancel, then handed to the browser as a download.
 */
export function useExport(filter: ListQuery, bankName: (id: string) => string | undefined): ExportState {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  const start = () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress({ done: 0, total: 0 });
    void (async () => {
      const parts = [csvStart()];
      let total = Infinity;
      for (let offset = 0; offset < total; offset += EXPORT_PAGE_SIZE) {
        const { data, response } = await api.GET('/transactions', { params: { query: { ...filter, limit: EXPORT_PAGE_SIZE, offset } }, signal: controller.signal });
        if (response.status !== 200 && response.status !== 204) throw new Error(`the server answered ${response.status}`);
        total = Number(response.headers.get('x-total-count') ?? '0');
        const page = (data as Transaction[] | undefined) ?? [];
        for (const transaction of page) parts.push(transactionRecord(transaction, bankName));
        setProgress({ done: Math.min(total, offset + page.length), total });
        if (page.length === 0) break;
      }
      download(new Blob(parts, { type: 'text/csv;charset=utf-8' }), exportFileName(new Date().toISOString().slice(0, 10)));
    })()
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(`The export stopped: ${reason instanceof Error ? reason.message : String(reason)}. Try again.`);
      })
      .finally(() => {
        running.current = null;
        setProgress(null);
      });
  };

  const cancel = () => running.current?.abort();
  return { progress, error, start, cancel };
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
