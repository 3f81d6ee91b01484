import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Category, Problem } from '../api/types.js';
import { formatAmount } from '../lib/format.js';
import { decimalText, isZero } from '../lib/money.js';
import { checkSplit, draftsOf, EMPTY_LINE, splitBody, usedLines, type LineDraft, type SplitLineBody } from '../lib/split-form.js';

interface Props {
  id: number;
  description: string;
  value: number;
  /** The lines it has (split), or null (not yet). */
  lines: readonly SplitLineBody[] | null;
  categories: readonly Category[];
  locale: string;
  onSaved(): void;
  onCancel(): void;
}

/** Whole hundredths: what the server keeps (docs/transfers-and-splits.md); the server names any line with more. */
const DECIMALS = 2;

/** Divides a transaction into lines; shows what is left of its value as each amount is typed, and saves only when nothing is. */
export function SplitEditor({ id, description, value, lines, categories, locale, onSaved, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [drafts, setDrafts] = useState<LineDraft[]>(() => draftsOf(value, lines));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current?.showModal(), []);
  const used = usedLines(drafts);
  const check = useMemo(() => checkSplit(value, used, DECIMALS), [value, drafts]);
  const remainder = formatAmount(Number(decimalText(check.remainder)), locale);
  const set = (index: number, field: keyof LineDraft, text: string) =>
    setDrafts((now) => {
      const next = now.map((line, at) => (at === index ? { ...line, [field]: text } : line));
      // Always one empty line at the end to type the next into.
      return usedLines(next.slice(-1)).length > 0 ? [...next, { ...EMPTY_LINE }] : next;
    });

  const write = async (method: 'PUT' | 'DELETE') => {
    setBusy(true);
    setError(null);
    const path = { params: { path: { transactionId: id } } };
    const { response, error: problem } =
      method === 'PUT' ? await api.PUT('/splits/{transactionId}', { ...path, body: splitBody(used, DECIMALS) }) : await api.DELETE('/splits/{transactionId}', path);
    setBusy(false);
    if (response.ok) return onSaved();
    const detail = problem as Problem | undefined;
    setError(detail?.errors[0] ? `${detail.errors[0].name} ${detail.errors[0].message}` : (detail?.detail ?? `the server answered ${response.status}`));
  };

  return (
    <dialog ref={dialog} class="confirm split-editor" aria-labelledby="split-title" onClose={onCancel}>
      <h2 id="split-title">Split “{description}”</h2>
      <p>
        Value <strong>{formatAmount(value, locale).text}</strong>
      </p>
      <datalist id="split-categories">
        {categories.map((category) => (
          <option key={category.name} value={category.name} />
        ))}
      </datalist>
      <div class="split-rows" role="group" aria-label="Lines">
        {drafts.map((line, index) => (
          <div class="split-row" key={index}>
            <input aria-label={`Line ${index + 1} amount`} inputMode="decimal" value={line.amount} aria-invalid={check.errors[index] != null} onInput={(event) => set(index, 'amount', event.currentTarget.value)} />
            <input aria-label={`Line ${index + 1} category`} list="split-categories" placeholder="Category" value={line.category} onInput={(event) => set(index, 'category', event.currentTarget.value)} />
            <input aria-label={`Line ${index + 1} memo`} placeholder="Memo" value={line.memo} onInput={(event) => set(index, 'memo', event.currentTarget.value)} />
            {check.errors[index] != null && <p class="field-error">{check.errors[index]}</p>}
          </div>
        ))}
      </div>
      <p class={`split-remainder ${isZero(check.remainder) ? 'balanced' : 'unbalanced'}`} role="status">
        {isZero(check.remainder) ? 'The lines add up to the value.' : `Left to split: ${remainder.text}`}
      </p>
      {error !== null && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      <div class="confirm-actions">
        {lines && (
          <button type="button" class="danger" disabled={busy} onClick={() => void write('DELETE')}>
            Remove split
          </button>
        )}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" disabled={busy || !check.ready} onClick={() => void write('PUT')}>
          Save split
        </button>
      </div>
    </dialog>
  );
}
