import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Transaction } from '../api/types.js';
import type { SplitLineBody } from '../lib/split-form.js';
import { forgetSplit } from './use-split.js';

interface Editing {
  id: number;
  description: string;
  value: number;
  lines: SplitLineBody[] | null;
}

/** Which transaction the split editor is open on (with its lines), and what a save refreshes. */
export function useSplitEditing(afterSave: () => void) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [version, setVersion] = useState(0);
  return {
    editing,
    version,
    async open(transaction: Transaction) {
      const { id, description, value } = transaction;
      let lines: SplitLineBody[] | null = null;
      if (transaction.split) lines = (await api.GET('/splits/{transactionId}', { params: { path: { transactionId: id } } })).data?.lines ?? null;
      setEditing({ id, description, value, lines });
    },
    close: () => setEditing(null),
    saved() {
      if (editing) forgetSplit(editing.id);
      setEditing(null);
      setVersion((at) => at + 1);
      afterSave();
    },
  };
}
