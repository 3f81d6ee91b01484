import type { Bank, Category, FieldError } from '../api/types.js';
import { typedDate } from '../lib/date-input.js';
import { PERIODS, type RangePreset, type ReportState } from '../lib/report-state.js';

const PRESETS: ReadonlyArray<[RangePreset | 'custom', string]> = [
  ['all', 'All time'],
  ['this-month', 'This month'],
  ['last-month', 'Last month'],
  ['last-3-months', 'Last 3 months'],
  ['last-12-months', 'Last 12 months'],
  ['year-to-date', 'Year to date'],
  ['custom', 'Custom'],
];

interface Props {
  state: ReportState;
  preset: RangePreset | 'custom';
  banks: Bank[];
  categories: Category[];
  /** A query parameter the API refused (a range with `to` before `from`). */
  problem: FieldError | null;
  onPreset(preset: RangePreset): void;
  onChange(next: Partial<ReportState>): void;
  onReset(): void;
}

/** The range, bank, category and period every report on the screen answers. */
export function ReportFilters({ state, preset, banks, categories, problem, onPreset, onChange, onReset }: Props) {
  const dateError = (name: 'from' | 'to') => (problem?.name === name ? problem : null);
  return (
    <div class="report-filters">
      <label>
        Range
        <select value={preset} onChange={(event) => event.currentTarget.value !== 'custom' && onPreset(event.currentTarget.value as RangePreset)}>
          {PRESETS.map(([value, label]) => (
            <option key={value} value={value} disabled={value === 'custom' && preset !== 'custom'}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {(['from', 'to'] as const).map((name) => (
        <label key={name}>
          {name === 'from' ? 'From' : 'To'}
          <input
            type="date"
            value={state[name] ?? ''}
            aria-invalid={dateError(name) !== null}
            aria-describedby={dateError(name) ? `report-${name}-error` : undefined}
            onChange={(event) => {
              const text = typedDate(event.currentTarget);
              if (text !== undefined) onChange({ [name]: text || null });
            }}
          />
          {dateError(name) && (
            <span class="field-error" id={`report-${name}-error`}>
              {dateError(name)!.message}
            </span>
          )}
        </label>
      ))}
      <label>
        Bank
        <select value={state.bank ?? '\u0000'} onChange={(event) => onChange({ bank: event.currentTarget.value === '\u0000' ? null : event.currentTarget.value })}>
          <option value={'\u0000'}>All banks</option>
          {banks.map((bank) => (
            <option key={bank.id} value={bank.id}>
              {bank.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Category
        <select value={state.category ?? '\u0000'} onChange={(event) => onChange({ category: event.currentTarget.value === '\u0000' ? null : event.currentTarget.value })}>
          <option value={'\u0000'}>All categories</option>
          <option value="">Uncategorised</option>
          {categories.map((category) => (
            <option key={category.name} value={category.name}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Per
        <select value={state.period} onChange={(event) => onChange({ period: event.currentTarget.value as ReportState['period'] })}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {period}
            </option>
          ))}
        </select>
      </label>
      {(state.from !== null || state.to !== null || state.bank !== null || state.category !== null) && (
        <button type="button" class="link-button" onClick={onReset}>
          Clear filters
        </button>
      )}
    </div>
  );
}
