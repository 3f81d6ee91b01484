import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { clickSort, sortMark, type SortField } from '../lib/sort-keys.js';
import { isUnfiltered, listFilter, MIN_SEARCH, readState, writeState, type RegisterState } from '../lib/url-state.js';
import { scrollTopFor, viewportAt } from '../lib/viewport.js';
import { CategoryPicker, type PickerChoice } from './CategoryPicker.js';
import { FilterBar } from './FilterBar.js';
import { FirstRun } from './FirstRun.js';
import { KeySheet } from './KeySheet.js';
import { RegisterRow } from './RegisterRow.js';
import { StatusBar } from './StatusBar.js';
import { useBulk } from './use-bulk.js';
import { useCatalogue } from './use-catalogue.js';
import { useRegisterKeys } from './use-register-keys.js';
import { SplitEditor } from './SplitEditor.js';
import { useSplitEditing } from './use-split-editing.js';
import { useRows } from './use-rows.js';
import { useTotals } from './use-totals.js';
import './register.css';
import { useExport } from './use-export.js';
import { useViewport } from './use-viewport.js';
import { appLocale } from '../app/preferences.js';
import { useFocusReturn } from '../app/use-focus-return.js';

const SEARCH_DEBOUNCE_MS = 60;
const COLUMNS: ReadonlyArray<[SortField, string, string]> = [
  ['date', 'Date', 'c-date'],
  ['description', 'Description', 'c-description'],
  ['category', 'Category', 'c-category'],
  ['value', 'Amount', 'c-amount'],
];

interface Props {
  readOnly: boolean;
  /** Bumped by the app when it retries after an outage. */
  retryTick: number;
}

export function Register({ readOnly, retryTick }: Props) {
  const locale = appLocale();
  const today = new Date().toISOString().slice(0, 10);
  const [state, setState] = useState<RegisterState>(() => readState(location.search));
  const [searchText, setSearchText] = useState(state.search);
  const [cursor, setCursor] = useState(state.row);
  // Where the cursor is now, before Preact renders it: keys pressed faster than the page renders
  // (key repeat, a busy machine) each move on from the last, never from a stale render.
  const cursorNow = useRef(cursor);
  cursorNow.current = cursor;
  const [anchor, setAnchor] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ index: number; error: string | null } | null>(null);
  const [keySheet, setKeySheet] = useState(false);
  const [epoch, setEpoch] = useState(0);
  const splits = useSplitEditing(() => {
    setEpoch((at) => at + 1);
    catalogue.reload();
    grid.current?.focus();
  });
  // Bumped by an inline edit: the totals are asked again, the rows (already replaced) are not.
  const [edits, setEdits] = useState(0);
  const searchBox = useRef<HTMLInputElement>(null);
  const lastChange = useRef<string | null>(null);
  const restored = useRef(false);
  const catalogue = useCatalogue();
  const view = useViewport();
  const grid = useRef<HTMLDivElement>(null);
  const box = view.element;

  const filter = useMemo(() => listFilter(state), [state]);
  const bankNames = useMemo(() => new Map(catalogue.banks.map((bank) => [bank.id, bank.name])), [catalogue.banks]);
  const bankName = (id: string) => bankNames.get(id);
  const exporter = useExport(filter, bankName);
  // The size of the list as last rendered places the viewport; until the URL's row is scrolled
  // to, that row decides the first page asked for.
  const lastTotal = useRef(0);
  const viewport = viewportAt(lastTotal.current, view.rowHeight, view.height, view.scrollTop);
  const first = restored.current ? viewport.first : state.row;
  const rows = useRows(filter, first, Math.ceil(view.height / view.rowHeight) + 1, epoch);
  lastTotal.current = rows.total;
  const totals = useTotals(filter, !rows.settling, `${epoch}.${edits}`);
  const bulk = useBulk(filter, rows.total, locale, () => {
    setEpoch((at) => at + 1);
    catalogue.reload();
  });

  /**
   * A filter or order change is a history entry; typing more of the same search, or more of the
   * same date or amount, replaces it (one entry per field typed in, not one per keystroke).
   */
  const change = useCallback((next: Partial<RegisterState>, kind: 'search' | `range:${string}` | 'other') => {
    setState((now) => {
      const merged = { ...now, ...next, row: 0 };
      const url = `${location.pathname}${writeState(merged)}`;
      if (kind !== 'other' && lastChange.current === kind) history.replaceState(null, '', url);
      else history.pushState(null, '', url);
      lastChange.current = kind;
      return merged;
    });
    setCursor(0);
    bulk.clear();
    if (box.current) box.current.scrollTop = 0;
  }, []);

  // A URL without an order opens in the default one (newest first), which the URL then names.
  useEffect(() => {
    if (!new URLSearchParams(location.search).has('sort')) history.replaceState(null, '', `${location.pathname}${writeState(state)}`);
  }, []);

  // Back and forward: the URL is the state.
  useEffect(() => {
    const onPop = () => {
      const next = readState(location.search);
      lastChange.current = null;
      restored.current = false;
      setState(next);
      setSearchText(next.search);
      setCursor(next.row);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // The first keystroke after a pause searches at once; keystrokes that follow within
  // SEARCH_DEBOUNCE_MS wait for the typing to rest (each newer search aborts the one in flight).
  const lastSearch = useRef(-Infinity);
  useEffect(() => {
    if (searchText === state.search) return;
    const commit = () => {
      lastSearch.current = performance.now();
      change({ search: searchText }, 'search');
    };
    const wait = SEARCH_DEBOUNCE_MS - (performance.now() - lastSearch.current);
    // A single letter searches nothing: it waits, as before, for the next.
    if (wait <= 0 && searchText.trim().length >= MIN_SEARCH) return commit();
    const timer = setTimeout(commit, Math.max(wait, 0) || SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, state.search, change]);

  // Once the list's size is known, scroll to the row the URL names (a shared link, back/forward).
  useEffect(() => {
    if (restored.current || rows.settling || !box.current) return;
    restored.current = true;
    box.current.scrollTop = scrollTopFor(state.row, rows.total, view.rowHeight, view.height);
  }, [rows.settling, rows.total, state.row, view.rowHeight, view.height]);

  // The first visible row goes into the URL (replacing the entry) once scrolling rests.
  useEffect(() => {
    if (!restored.current || viewport.first === state.row) return;
    const timer = setTimeout(() => {
      const next = { ...state, row: viewport.first };
      history.replaceState(null, '', `${location.pathname}${writeState(next)}`);
      setState(next);
    }, 250);
    return () => clearTimeout(timer);
  }, [viewport.first, state]);

  useEffect(() => {
    if (retryTick > 0) rows.retry();
    // Only on a new tick: rows is a fresh object each render.
  }, [retryTick]);

  const moveCursor = useCallback(
    (to: number) => {
      const index = Math.max(0, Math.min(rows.total - 1, to));
      cursorNow.current = index;
      setCursor(index);
      const element = box.current;
      if (!element) return;
      const at = viewportAt(rows.total, view.rowHeight, view.height, element.scrollTop);
      const visible = Math.floor(view.height / view.rowHeight);
      if (index < at.first + 1) element.scrollTop = scrollTopFor(Math.max(0, index - 1), rows.total, view.rowHeight, view.height);
      else if (index >= at.first + visible - 1) element.scrollTop = scrollTopFor(index - visible + 2, rows.total, view.rowHeight, view.height);
    },
    [rows.total, view.rowHeight, view.height],
  );

  const toggleSelect = useCallback(
    (index: number, range: boolean) => {
      const chosen: Array<[number, string | undefined]> = [];
      const [from, to] = range && anchor !== null ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
      for (let at = from; at <= to; at += 1) {
        const row = rows.row(at);
        if (row && !row.stale) chosen.push([row.transaction.id, row.transaction.category]);
      }
      bulk.setPicked((now) => {
        const next = new Map(now);
        const adding = range || !chosen.every(([id]) => now.has(id));
        for (const [id, category] of chosen) {
          if (adding) next.set(id, category);
          else next.delete(id);
        }
        return next;
      });
      setAnchor(index);
      setCursor(index);
    },
    [anchor, rows, bulk],
  );

  const startEdit = useCallback(
    (index: number) => {
      const row = rows.row(index);
      if (readOnly || !row || row.stale) return;
      setCursor(index);
      // A split row has no category of its own: Enter opens its lines.
      if (row.transaction.split) return splits.open(row.transaction);
      setEditing({ index, error: null });
    },
    [readOnly, rows],
  );

  const choose = async (index: number, choice: PickerChoice) => {
    const row = rows.row(index);
    if (!row) return;
    if (choice.split) {
      setEditing(null);
      return splits.open(row.transaction);
    }
    const isNew = choice.name !== null && !catalogue.categories.some((category) => category.name === choice.name);
    const { response, error } = await api.PUT('/transactions/{transactionId}', {
      params: { path: { transactionId: row.transaction.id } },
      body: { category: choice.name },
    });
    if (response.status === 204) {
      const { category: _old, ...rest } = row.transaction;
      const category = choice.name?.normalize('NFC');
      rows.replace(category === undefined ? rest : { ...rest, category });
      bulk.edited(row.transaction.id, category);
      setEdits((at) => at + 1);
      setEditing(null);
      if (isNew) catalogue.reload();
      grid.current?.focus();
      return;
    }
    const problem = error as Problem | undefined;
    if (response.status === 403) return setEditing(null);
    setEditing({ index, error: problem?.errors[0]?.message ? `${problem.errors[0].name} ${problem.errors[0].message}` : (problem?.detail ?? `the server answered ${response.status}`) });
  };

  const cursorId = () => {
    const row = rows.row(cursorNow.current);
    return row && !row.stale ? row.transaction.id : null;
  };

  // After a bulk action (its picker, its confirm) the keyboard goes on in the list.
  useFocusReturn(bulk.confirm === null && !bulk.picking && !bulk.busy, () => grid.current);

  useRegisterKeys({
    active: editing === null && !keySheet && bulk.confirm === null && !bulk.picking && splits.editing === null,
    onMove: (delta) => moveCursor(cursorNow.current + delta),
    // A screenful less one row, so the row the cursor was on stays in sight (as a list box pages).
    onPage: (direction) => moveCursor(cursorNow.current + direction * Math.max(1, Math.floor(view.height / view.rowHeight) - 1)),
    onEnds: (end) => moveCursor(end === 'first' ? 0 : rows.total - 1),
    onEdit: () => startEdit(cursorNow.current),
    onSelect: () => toggleSelect(cursorNow.current, false),
    onSearch: () => searchBox.current?.focus(),
    onUncategorised: () => change({ category: state.category === '' ? null : '' }, 'other'),
    onKeySheet: () => setKeySheet(true),
    ...(readOnly
      ? {}
      : {
          onSelectAll: bulk.selectAll,
          onBulkCategory: () => bulk.pick(true),
          onDelete: () => bulk.remove(cursorId()),
          onUndo: bulk.undo,
          onClear: bulk.clear,
        }),
  });

  if (rows.known && !rows.settling && rows.total === 0 && isUnfiltered(filter)) {
    return <FirstRun readOnly={readOnly} onLoaded={() => {
          setEpoch((at) => at + 1);
          catalogue.reload();
        }} />;
  }

  const shown = viewportAt(rows.total, view.rowHeight, view.height, view.scrollTop);
  const drawn = [];
  for (let index = shown.first; index < shown.first + shown.count; index += 1) {
    const row = rows.row(index);
    drawn.push(
      <RegisterRow
        key={index}
        index={index}
        top={shown.firstTop + (index - shown.first) * view.rowHeight}
        height={view.rowHeight}
        transaction={row?.transaction ?? null}
        bankName={row?.transaction.bank === undefined ? null : (bankName(row.transaction.bank) ?? row.transaction.bank)}
        stale={row?.stale ?? true}
        cursor={index === cursor}
        selected={row ? bulk.isSelected(row.transaction.id) : false}
        readOnly={readOnly}
        locale={locale}
        today={today}
        editor={
          editing?.index === index && row ? (
            <CategoryPicker
              rowId={row.transaction.id}
              current={row.transaction.category}
              categories={catalogue.categories}
              error={editing.error}
              onChoose={(choice) => void choose(index, choice)}
              onCancel={() => {
                setEditing(null);
                grid.current?.focus();
              }}
            />
          ) : null
        }
        splitVersion={splits.version}
        onSelect={toggleSelect}
        onEdit={startEdit}
        onCursor={setCursor}
      />,
    );
  }

  return (
    <section class="register" aria-labelledby="register-title">
      <h1 id="register-title" class="visually-hidden">
        Register
      </h1>
      <FilterBar
        search={searchText}
        category={state.category}
        bank={state.bank}
        categories={catalogue.categories}
        banks={catalogue.banks}
        range={{ from: state.from, to: state.to, minValue: state.minValue, maxValue: state.maxValue }}
        problem={rows.problem}
        searchRef={searchBox}
        onRange={(range, field) => change(range, `range:${field}`)}
        onSearch={setSearchText}
        onCategory={(category) => change({ category }, 'other')}
        onBank={(bank) => change({ bank }, 'other')}
      />
      <div
        class={`grid ${rows.settling && rows.known ? 'loading' : ''}`}
        role="grid"
        ref={grid}
        tabIndex={0}
        aria-label="Transactions: j and k move, c edits the category, x selects, ? lists the keys"
        aria-rowcount={rows.total + 1}
        aria-busy={rows.settling}
        // The search the rows on screen answer, once they have come (bench:web waits for it).
        data-shown-search={rows.settling ? undefined : (filter.description ?? '')}
        aria-activedescendant={rows.row(cursor) ? `row-${cursor}` : undefined}
      >
        <div role="rowgroup" class="head">
          <div role="row" aria-rowindex={1} class="row">
            <div role="columnheader" class="c-select">
              <span class="visually-hidden">Selected</span>
            </div>
            {COLUMNS.map(([field, label, cell]) => {
              const mark = sortMark(state.sort, field);
              return (
                <div role="columnheader" class={cell} key={field} aria-sort={mark && state.sort.length === 1 ? (mark.arrow === '▲' ? 'ascending' : 'descending') : undefined}>
                  <button type="button" title="Click to sort; shift+click adds a sort key" onClick={(event) => change({ sort: clickSort(state.sort, field, event.shiftKey) }, 'other')}>
                    {label}
                    {mark && (
                      <span class="sort-mark" aria-label={`sorted ${mark.arrow === '▲' ? 'ascending' : 'descending'}, key ${mark.rank}`}>
                        {mark.arrow}
                        {state.sort.length > 1 ? mark.rank : ''}
                      </span>
                    )}
                  </button>
                </div>
              );
            }).flatMap((header, at) =>
              // The Bank column sits before the amount; the API cannot sort by a bank's name, so it is not a button.
              at === COLUMNS.length - 1
                ? [
                    <div role="columnheader" class="c-bank" key="bank">
                      <span class="column-name">Bank</span>
                    </div>,
                    header,
                  ]
                : [header],
            )}
          </div>
        </div>
        <div role="rowgroup" class="body" ref={view.attach}>
          <div class="spacer" style={{ height: `${shown.spacerHeight}px` }}>
            {drawn}
          </div>
        </div>
      </div>
      <StatusBar readOnly={readOnly} rows={rows.known ? rows.total : null} totals={totals} bulk={bulk} categories={catalogue.categories} locale={locale} exporter={exporter} onKeySheet={() => setKeySheet(true)} />
      {keySheet && <KeySheet onClose={() => setKeySheet(false)} />}
      {splits.editing && (
        <SplitEditor
          {...splits.editing}
          categories={catalogue.categories}
          locale={locale}
          onSaved={splits.saved}
          onCancel={splits.close}
        />
      )}
    </section>
  );
}
