import { useRef, useState } from 'preact/hooks';
import { rowsText, selectionFilter } from '../lib/bulk.js';
import type { ListFilter } from '../lib/url-state.js';
import { deleteRows, recategorise, type Done, type Outcome, type Selection } from './bulk-actions.js';
import type { PickerChoice } from './CategoryPicker.js';

/** Deleting more rows than this (or every row that matches) asks first, with the count. */
export const CONFIRM_DELETE_OVER = 50;

export interface Confirmation {
  title: string;
  detail: string;
  action: string;
  run(): void;
}

/**
 * The register's selection and its bulk actions: rows picked one by one (each with the category
 * it had, for the undo) or every row that matches the filter; the action running, the API's
 * refusal, the confirmation, and the last action's Undo.
 */
export function useBulk(filter: ListFilter, matching: number, locale: string, onChanged: () => void) {
  const [picked, setPicked] = useState<Map<number, string | undefined>>(() => new Map());
  const [all, setAll] = useState(false);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const [toast, setToast] = useState<Done | null>(null);
  const running = useRef(false);

  const byFilter = selectionFilter(filter);
  const count = all ? matching : picked.size;
  const selection = (): Selection | null => {
    if (all) return byFilter ? { kind: 'filter', list: filter, filter: byFilter, count: matching } : null;
    return picked.size > 0 ? { kind: 'ids', previous: picked } : null;
  };

  const clear = () => {
    setPicked(new Map());
    setAll(false);
    setPicking(false);
    setError(null);
  };

  const run = async (action: () => Promise<Outcome>, after: 'clear' | 'keep') => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const outcome = await action();
      if (!outcome.ok) return setError(outcome.problem);
      setToast(outcome.done);
      if (after === 'clear') clear();
      onChanged();
    } catch {
      setError('Moneta did not answer; nothing was changed that the list does not show.');
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    picked,
    all,
    count,
    picking,
    busy,
    error,
    confirm,
    toast,
    /** Whether "select all that match" has a filter to act on (the API refuses an empty one). */
    canSelectAll: byFilter !== null,
    isSelected: (id: number) => all || picked.has(id),
    clear,
    setPicked: (update: (now: Map<number, string | undefined>) => Map<number, string | undefined>) => {
      setAll(false);
      setPicked(update);
    },
    selectAll: () => {
      if (byFilter === null) return setError('Choose a filter first: bulk actions never act on every transaction at once.');
      setError(null);
      setAll(true);
    },
    /** A row whose category was edited inline keeps its new one as the one to undo to. */
    edited: (id: number, category: string | undefined) => {
      if (picked.has(id)) setPicked((now) => new Map(now).set(id, category));
    },
    pick: (open: boolean) => {
      setError(null);
      setPicking(open && count > 0);
    },
    setCategory: (choice: PickerChoice) => {
      const chosen = selection();
      if (!chosen) return;
      void run(() => recategorise(chosen, choice.name, locale), 'clear');
    },
    remove: (cursorId: number | null) => {
      const chosen = selection() ?? (cursorId !== null ? ({ kind: 'ids', previous: new Map([[cursorId, undefined]]) } as const) : null);
      if (!chosen) return;
      const many = chosen.kind === 'filter' ? chosen.count : chosen.previous.size;
      const go = () => void run(() => deleteRows(chosen, locale), 'clear');
      if (chosen.kind === 'filter' || many > CONFIRM_DELETE_OVER) {
        return setConfirm({
          title: `Move ${rowsText(many, locale)} to the trash?`,
          detail: 'They leave every list and total. Undo brings them back; the trash keeps them for 30 days by default.',
          action: `Delete ${rowsText(many, locale)}`,
          run: go,
        });
      }
      go();
    },
    undo: () => {
      const undo = toast?.undo;
      if (undo) void run(undo, 'keep');
    },
    closeConfirm: (confirmed: boolean) => {
      const pending = confirm;
      setConfirm(null);
      if (confirmed) pending?.run();
    },
    closeToast: () => setToast(null),
  };
}
