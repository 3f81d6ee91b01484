import type { Category } from '../api/types.js';
import { rowsText } from '../lib/bulk.js';
import { CategoryPicker, type PickerChoice } from './CategoryPicker.js';

interface Props {
  /** How many rows the actions would touch. */
  count: number;
  /** True when the selection is every row the filter matches. */
  all: boolean;
  /** How many rows the filter matches; null when there is no filter to select by. */
  matching: number | null;
  picking: boolean;
  busy: boolean;
  /** The API's refusal of the last action, shown beside the actions. */
  error: string | null;
  locale: string;
  categories: readonly Category[];
  onPick(open: boolean): void;
  onCategory(choice: PickerChoice): void;
  onDelete(): void;
  onSelectAll(): void;
  onClear(): void;
}

/** The selection's actions (hidden for a read-only token): set category, delete, select all that match. */
export function BulkBar({ count, all, matching, picking, busy, error, locale, categories, onPick, onCategory, onDelete, onSelectAll, onClear }: Props) {
  return (
    <div class="bulk" role="group" aria-label="Selection">
      <span class="selection">{all ? `All ${rowsText(count, locale)} that match` : `${new Intl.NumberFormat(locale).format(count)} selected`}</span>
      {picking ? (
        <span class="bulk-picker">
          <CategoryPicker rowId="bulk" current={undefined} label={`Set category of ${rowsText(count, locale)}`} categories={categories} error={null} onChoose={onCategory} onCancel={() => onPick(false)} />
        </span>
      ) : (
        <button type="button" disabled={busy} onClick={() => onPick(true)} title="Shift+C">
          Set category…
        </button>
      )}
      <button type="button" class="danger" disabled={busy} onClick={onDelete} title="Delete">
        Delete
      </button>
      {!all && matching !== null && matching > count && (
        <button type="button" onClick={onSelectAll} title="a">
          Select all {new Intl.NumberFormat(locale).format(matching)} that match
        </button>
      )}
      <button type="button" onClick={onClear} title="Esc">
        Clear
      </button>
      {error !== null && (
        <span class="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
