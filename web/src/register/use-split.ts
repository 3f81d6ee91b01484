import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { SplitLineBody } from '../lib/split-form.js';

/** The lines of split transactions the register has drawn, by id: asked for once each, forgotten when they change. */
const known = new Map<number, Promise<SplitLineBody[] | null>>();

export function forgetSplit(id: number): void {
  known.delete(id);
}

async function fetchLines(id: number): Promise<SplitLineBody[] | null> {
  const { data } = await api.GET('/splits/{transactionId}', { params: { path: { transactionId: id } } });
  return data?.lines ?? null;
}

/** A split transaction's lines (null until known, or when it is not split); `version` asks again after a write. */
export function useSplitLines(id: number, split: boolean, version: number): SplitLineBody[] | null {
  const [lines, setLines] = useState<SplitLineBody[] | null>(null);
  useEffect(() => {
    if (!split) return setLines(null);
    let current = true;
    let pending = known.get(id);
    if (!pending) known.set(id, (pending = fetchLines(id)));
    void pending.then((found) => current && setLines(found));
    return () => {
      current = false;
    };
  }, [id, split, version]);
  return lines;
}
