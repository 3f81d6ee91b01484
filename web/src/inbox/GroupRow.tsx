import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Category } from '../api/types.js';
import { formatAmount, formatCount } from '../lib/format.js';
import { dateSpan, type InboxGroup } from '../lib/inbox.js';
import { appDateStyle } from '../app/preferences.js';
import { CategoryPicker } from '../register/CategoryPicker.js';

/** A group being categorised: once (just these rows) or always (a rule, after its preview). */
export interface Editing {
  payee: string;
  mode: 'once' | 'always';
  error: string | null;
  /** "Always", after the preview: the category chosen and how many existing rows the rule would change. */
  confirm?: { category: string; count: number };
}

interface Props {
  index: number;
  group: InboxGroup;
  cursor: boolean;
  readOnly: boolean;
  busy: boolean;
  locale: string;
  today: string;
  categories: readonly Category[];
  editing: Editing | null;
  onOpen(mode: Editing['mode']): void;
  onCursor(): void;
  onChoose(mode: Editing['mode'], category: string): void;
  onConfirm(category: string): void;
  onCancel(): void;
  /** The picker's Escape or blur: no cancel once the confirm has replaced it (Chromium blurs an input as it leaves). */
  onCancelPicker(): void;
}

/** One payee's uncategorised rows: count, net total, first and last date, and the ways to categorise them. */
export function GroupRow({ index, group, cursor, readOnly, busy, locale, today, categories, editing, onOpen, onCursor, onChoose, onConfirm, onCancel, onCancelPicker }: Props) {
  const net = formatAmount(group.net, locale);
  const rows = `${formatCount(group.count, locale)} ${group.count === 1 ? 'row' : 'rows'}`;
  const totalsTitle = `Income ${formatAmount(group.income, locale).text}, expenses ${formatAmount(group.expenses, locale).text}`;
  const confirm = editing?.confirm;
  return (
    <li id={`inbox-group-${index}`} class={`inbox-group${cursor ? ' cursor' : ''}`} aria-current={cursor ? 'true' : undefined} onClick={onCursor}>
      <span class={`inbox-payee${group.payee === '' ? ' none' : ''}`} title={group.payee}>
        {group.payee === '' ? '(no description)' : group.payee}
      </span>
      <span class="inbox-count">{rows}</span>
      <span class={`inbox-total amount ${net.kind}`} title={totalsTitle}>
        {net.text}
      </span>
      <span class="inbox-dates" title={group.first === group.last ? group.first : `${group.first} – ${group.last}`}>
        {dateSpan(group.first, group.last, locale, today, appDateStyle())}
      </span>
      {!readOnly && (
        <span class="inbox-actions">
          {editing && !confirm ? (
            <CategoryPicker
              rowId={`inbox-${index}`}
              label={editing.mode === 'always' ? `Always put ${group.payee} in` : `Category for ${group.payee}`}
              current={undefined}
              categories={categories}
              error={editing.error}
              onChoose={(choice) => choice.name !== null && onChoose(editing.mode, choice.name)}
              onCancel={onCancelPicker}
            />
          ) : (
            !confirm && (
              <>
                <button type="button" class="button" disabled={busy} onClick={() => onOpen('once')}>
                  Categorise <kbd>c</kbd>
                </button>
                <button type="button" class="button" disabled={busy} onClick={() => onOpen('always')}>
                  Always… <kbd>a</kbd>
                </button>
              </>
            )
          )}
        </span>
      )}
      {confirm && (
        <div class="inbox-confirm" role="group" aria-label="Create a rule">
          <p>
            Always put “{group.payee}” in <strong>{confirm.category}</strong>: the rule would change{' '}
            <strong class="inbox-preview-count">{formatCount(confirm.count, locale)}</strong> existing {confirm.count === 1 ? 'row' : 'rows'}. This group is
            categorised now; the rule sorts new imports.
          </p>
          {editing?.error && (
            <p class="field-error" role="alert">
              {editing.error}
            </p>
          )}
          <FocusedButton disabled={busy} onClick={() => onConfirm(confirm.category)} onEscape={onCancel}>
            Create rule
          </FocusedButton>{' '}
          <button type="button" class="button" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}

/** The confirm's main button: focused when it appears (Enter confirms), Escape cancels. */
function FocusedButton({ disabled, onClick, onEscape, children }: { disabled: boolean; onClick(): void; onEscape(): void; children: string }) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => button.current?.focus(), []);
  return (
    <button
      ref={button}
      type="button"
      class="button primary"
      disabled={disabled}
      onClick={onClick}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onEscape();
      }}
    >
      {children}
    </button>
  );
}
