import type { Category } from '../api/types.js';
import { formatAmount, formatCount } from '../lib/format.js';
import { BulkBar } from './BulkBar.js';
import { ExportButton } from './ExportButton.js';
import type { ExportState } from './use-export.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { UndoToast } from './UndoToast.js';
import type { useBulk } from './use-bulk.js';
import type { Totals } from './use-totals.js';

interface Props {
  readOnly: boolean;
  /** The list's size, or null before the first answer. */
  rows: number | null;
  totals: { totals: Totals | null; stale: boolean };
  bulk: ReturnType<typeof useBulk>;
  categories: readonly Category[];
  locale: string;
  exporter: ExportState;
  onKeySheet(): void;
}

/** The sticky bar under the list: the selection's actions, then the filtered set's size and totals. */
export function StatusBar({ readOnly, rows, totals, bulk, categories, locale, exporter, onKeySheet }: Props) {
  const money = (value: number, signed: boolean) => {
    const amount = formatAmount(value, locale);
    return <span class={signed ? amount.kind : undefined}>{amount.text}</span>;
  };
  const shown = totals.totals;
  return (
    <footer class="status-bar">
      {!readOnly && bulk.count > 0 && (
        <BulkBar
          count={bulk.count}
          all={bulk.all}
          matching={bulk.canSelectAll ? rows : null}
          picking={bulk.picking}
          busy={bulk.busy}
          error={bulk.error}
          locale={locale}
          categories={categories}
          onPick={bulk.pick}
          onCategory={bulk.setCategory}
          onDelete={() => bulk.remove(null)}
          onSelectAll={bulk.selectAll}
          onClear={bulk.clear}
        />
      )}
      {!readOnly && bulk.count === 0 && bulk.error !== null && (
        <span class="field-error" role="alert">
          {bulk.error}
        </span>
      )}
      <div class="summary" aria-live="polite">
        <span class="count">{rows !== null ? `${formatCount(rows, locale)} ${rows === 1 ? 'row' : 'rows'}` : 'Loading…'}</span>
        {shown && (
          <dl class={`register-totals ${totals.stale ? 'stale' : ''}`} aria-label="Totals of the filtered transactions" aria-busy={totals.stale}>
            <div>
              <dt>Income</dt>
              <dd class="t-income">{money(shown.income, true)}</dd>
            </div>
            <div>
              <dt>Expenses</dt>
              <dd class="t-expenses">{money(shown.expenses, true)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd class="t-net">{money(shown.net, true)}</dd>
            </div>
          </dl>
        )}
        {rows !== null && rows > 0 && <ExportButton state={exporter} locale={locale} />}
        <button type="button" class="keys-hint" onClick={onKeySheet}>
          <kbd>?</kbd> keys
        </button>
      </div>
      {bulk.toast && <UndoToast message={bulk.toast.message} canUndo={bulk.toast.undo !== null} busy={bulk.busy} onUndo={bulk.undo} onClose={bulk.closeToast} />}
      {bulk.confirm && <ConfirmDialog {...bulk.confirm} onConfirm={() => bulk.closeConfirm(true)} onCancel={() => bulk.closeConfirm(false)} />}
    </footer>
  );
}
