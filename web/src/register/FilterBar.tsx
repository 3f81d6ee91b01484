import type { Ref } from 'preact';
import { FilterSheet } from '../app/FilterSheet.js';
import type { Bank, Category, Problem } from '../api/types.js';
import { datePresets, presetOf } from '../lib/date-presets.js';
import type { RegisterState } from '../lib/url-state.js';
import { RangeField } from './RangeField.js';

type Range = Pick<RegisterState, 'from' | 'to' | 'minValue' | 'maxValue'>;

/** Amounts are signed (spending below zero): "Min 100" alone finds only income, so the fields say so. */
const AMOUNT_HINTS: Partial<Record<keyof Range, { placeholder: string; description: string }>> = {
  minValue: { placeholder: 'e.g. −50', description: 'Amounts are signed: spending is negative, income positive. Min −50 keeps spending of up to 50 and all income.' },
  maxValue: { placeholder: 'e.g. −10', description: 'Amounts are signed: spending is negative, income positive. Max −10 keeps spending of 10 or more.' },
};

interface Props {
  search: string;
  category: string | null;
  bank: string | null;
  categories: readonly Category[];
  banks: readonly Bank[];
  range: Range;
  /** The API's 400 for the filter: each field it names gets its message beside it. */
  problem: Problem | null;
  searchRef: Ref<HTMLInputElement>;
  /** A range end committed; `field` says which, so typing on in the same field replaces its history entry. */
  onRange(range: Partial<Range>, field: keyof Range): void;
  onSearch(text: string): void;
  onCategory(category: string | null): void;
  onBank(bank: string | null): void;
}

/** '' in the select means "any"; the API's empty category (uncategorised) gets its own value. */
const UNCATEGORISED = '\u0000uncategorised';

const RANGE_FIELDS = ['from', 'to', 'minValue', 'maxValue'] as const;

const amount = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

export function FilterBar({ search, category, bank, categories, banks, range, problem, searchRef, onSearch, onCategory, onBank, onRange }: Props) {
  const errorOf = (name: string) => problem?.errors.find((error) => error.in === 'query' && error.name === name)?.message ?? null;
  const field = (name: keyof Range, label: string, type: 'date' | 'number', value: string | number | null, parse: (text: string) => Partial<Range>) => (
    <RangeField name={name} label={label} type={type} value={value} error={errorOf(name)} hint={AMOUNT_HINTS[name]} onCommit={(text) => onRange(parse(text), name)} />
  );
  const active = [category, bank, ...RANGE_FIELDS.map((name) => range[name])].filter((value) => value !== null).length;
  // Local today: "this month" is the person's month, not UTC's.
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const presets = datePresets(today);
  return (
    <div class="filter-bar" role="search">
      <label class="search">
        <span class="visually-hidden">Search descriptions</span>
        <input
          ref={searchRef}
          type="search"
          placeholder="Search descriptions  ( / )"
          value={search}
          onInput={(event) => onSearch(event.currentTarget.value)}
          autocomplete="off"
          spellcheck={false}
        />
      </label>
      <FilterSheet id="register-filters" active={active} invalid={RANGE_FIELDS.some((name) => errorOf(name) !== null)}>
        <div class="sheet-fields">
          <label>
            <span class="visually-hidden">Category filter</span>
            <select
              value={category === null ? '' : category === '' ? UNCATEGORISED : category}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onCategory(value === '' ? null : value === UNCATEGORISED ? '' : value);
              }}
            >
              <option value="">All categories</option>
              <option value={UNCATEGORISED}>Uncategorised ( u )</option>
              {categories.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.group ? `${option.group.name} › ${option.name}` : option.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span class="visually-hidden">Bank filter</span>
            <select value={bank ?? ''} onChange={(event) => onBank(event.currentTarget.value || null)}>
              <option value="">All banks</option>
              {banks.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset class="ranges">
            <legend class="visually-hidden">Date and amount ranges</legend>
            <span class="date-preset">
              <label for="filter-date-preset">Dates</label>
              <select
                id="filter-date-preset"
                value={presetOf(range, today)}
                onChange={(event) => {
                  const chosen = presets.find((preset) => preset.id === event.currentTarget.value);
                  if (event.currentTarget.value === '') onRange({ from: null, to: null }, 'from');
                  else if (chosen) onRange({ from: chosen.from, to: chosen.to }, 'from');
                }}
              >
                <option value="">Any dates</option>
                {presets.map((preset) => (
                  <option key={preset.id} value={preset.id}>
                    {preset.label}
                  </option>
                ))}
                <option value="custom" disabled>
                  Custom range
                </option>
              </select>
            </span>
            {field('from', 'From date', 'date', range.from, (text) => ({ from: text || null }))}
            {field('to', 'To date', 'date', range.to, (text) => ({ to: text || null }))}
            {field('minValue', 'Min amount', 'number', range.minValue, (text) => ({ minValue: amount(text) }))}
            {field('maxValue', 'Max amount', 'number', range.maxValue, (text) => ({ maxValue: amount(text) }))}
          </fieldset>
        </div>
      </FilterSheet>
    </div>
  );
}
