import type { ComponentChildren } from 'preact';
import type { Transaction } from '../api/types.js';
import { formatAmount, formatShortDate } from '../lib/format.js';
import { appDateStyle } from '../app/preferences.js';
import { SplitLines } from './SplitLines.js';
import { useSplitLines } from './use-split.js';

interface Props {
  index: number;
  top: number;
  height: number;
  transaction: Transaction | null;
  /** The bank's name (its id when the catalogue does not know it), or null for a row without a bank. */
  bankName: string | null;
  stale: boolean;
  cursor: boolean;
  selected: boolean;
  readOnly: boolean;
  locale: string;
  today: string;
  /** The category cell's content while it is being edited (the picker). */
  editor: ComponentChildren | null;
  /** Changes when split lines may have changed (they are read again). */
  splitVersion: number;
  onSelect(index: number, range: boolean): void;
  onEdit(index: number): void;
  onCursor(index: number): void;
}

/** One transaction; its text is always set as text, never as HTML (it comes from bank statements). */
export function RegisterRow({ index, top, height, transaction, bankName, stale, cursor, selected, readOnly, locale, today, editor, splitVersion, onSelect, onEdit, onCursor }: Props) {
  const lines = useSplitLines(transaction?.id ?? 0, transaction?.split === true, splitVersion);
  const classes = ['row', stale ? 'stale' : '', cursor ? 'cursor' : '', selected ? 'selected' : '', transaction ? '' : 'placeholder'].filter(Boolean).join(' ');
  const style = { transform: `translateY(${top}px)`, height: `${height}px` };
  if (!transaction) {
    return (
      <div role="row" aria-rowindex={index + 2} class={classes} style={style} aria-busy="true">
        <div role="gridcell" class="cell-placeholder">
          <span class="visually-hidden">Loading</span>
        </div>
      </div>
    );
  }
  const amount = formatAmount(transaction.value, locale);
  return (
    <div
      role="row"
      id={`row-${index}`}
      aria-rowindex={index + 2}
      aria-selected={selected}
      class={classes}
      style={style}
      onMouseDown={() => onCursor(index)}
    >
      <div
        role="gridcell"
        class="c-select"
        // The whole cell is the box's target (44 px on a phone, issue 27 item 11); a click on the box itself is the box's.
        onClick={(event) => {
          if (!(event.target instanceof HTMLInputElement)) onSelect(index, event.shiftKey);
        }}
      >
        <input
          type="checkbox"
          aria-label={`Select ${transaction.description || 'transaction'} ${transaction.date}`}
          checked={selected}
          tabIndex={-1}
          // No preventDefault: a cancelled click puts the box back as it was after the app has
          // drawn the new selection, so the box showed the opposite of the bar (issue 27 item 5).
          // The app's render then sets the box to the selection, which a shift-click can widen.
          onClick={(event) => onSelect(index, event.shiftKey)}
        />
      </div>
      <div role="gridcell" class="c-date" title={transaction.date}>
        {formatShortDate(transaction.date, locale, today, appDateStyle())}
      </div>
      <div role="gridcell" class="c-description" title={transaction.description}>
        {transaction.description}
      </div>
      <div role="gridcell" class="c-category">
        {editor ??
          (transaction.split ? (
            readOnly ? (
              <SplitLines lines={lines} locale={locale} />
            ) : (
              <button type="button" class="category split" tabIndex={-1} onClick={() => onEdit(index)}>
                <SplitLines lines={lines} locale={locale} />
              </button>
            )
          ) : readOnly ? (
            <span class={transaction.category ? '' : 'muted'}>{transaction.category ?? 'Uncategorised'}</span>
          ) : (
            <button type="button" class={transaction.category ? 'category' : 'category muted'} tabIndex={-1} onClick={() => onEdit(index)}>
              {transaction.category ?? 'Uncategorised'}
            </button>
          ))}
      </div>
      <div role="gridcell" class="c-bank" title={bankName ?? undefined}>
        {bankName ?? ''}
      </div>
      <div role="gridcell" class={`c-amount ${amount.kind}`}>
        {amount.text}
      </div>
    </div>
  );
}
