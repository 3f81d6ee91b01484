import { api } from '../api/client.js';
import type { Problem, Transaction } from '../api/types.js';
import { chunks, rowsText, undoGroups, type SelectionFilter } from '../lib/bulk.js';
import type { ListFilter } from '../lib/url-state.js';

/**
 * What a bulk action acts on: rows picked one by one (with the category each had, for the undo),
 * or every row the list's filter matches (the API's filter selection, not only the loaded rows).
 */
export type Selection =
  | { kind: 'ids'; previous: ReadonlyMap<number, string | undefined> }
  | { kind: 'filter'; list: ListFilter; filter: SelectionFilter; count: number };

/** What an action did, and how to take it back (null when it cannot be). */
export interface Done {
  message: string;
  undo: (() => Promise<Outcome>) | null;
}

export type Outcome = { ok: true; done: Done } | { ok: false; problem: string };

/**
 * A filter re-categorisation reads the rows' categories first, so its undo can put each back;
 * past this many rows it is not read and the action cannot be undone (the dialog says so).
 */
export const UNDO_SNAPSHOT_LIMIT = 20_000;

interface Answer {
  response: Response;
  error?: unknown;
}

/** The API's refusal in words: the field a problem names and why, or its detail. */
function refusal({ response, error }: Answer): string {
  const problem = error as Problem | undefined;
  const field = problem?.errors?.[0];
  if (field) return `${field.name} ${field.message}`;
  return problem?.detail ?? `the server answered ${response.status}`;
}

const failed = (answer: Answer): Outcome => ({ ok: false, problem: refusal(answer) });

export async function recategorise(selection: Selection, category: string | null, locale: string): Promise<Outcome> {
  let previous: ReadonlyMap<number, string | undefined> | null;
  let changed = 0;
  if (selection.kind === 'ids') {
    previous = selection.previous;
    for (const ids of chunks([...previous.keys()])) {
      const answer = await api.POST('/manage/transactions/recategorise', { body: { ids, category, dryRun: false } });
      if (!answer.data) return failed(answer);
      changed += answer.data.changed;
    }
  } else {
    previous = await snapshot(selection);
    const answer = await api.POST('/manage/transactions/recategorise', { body: { filter: selection.filter, category, dryRun: false } });
    if (!answer.data) return failed(answer);
    changed = answer.data.changed;
  }
  const undoable = previous;
  const message = `${rowsText(changed, locale)} set to ${category ?? 'no category'}`;
  return {
    ok: true,
    done: {
      message,
      undo: undoable
        ? async () => {
            for (const group of undoGroups(undoable)) {
              const answer = await api.POST('/manage/transactions/recategorise', { body: { ...group, dryRun: false } });
              if (!answer.data) return failed(answer);
            }
            return { ok: true, done: { message: `Undone: ${rowsText(undoable.size, locale)} have their categories back`, undo: null } };
          }
        : null,
    },
  };
}

/** Each row's category before a filter action, or null past UNDO_SNAPSHOT_LIMIT rows. */
async function snapshot(selection: Extract<Selection, { kind: 'filter' }>): Promise<Map<number, string | undefined> | null> {
  if (selection.count > UNDO_SNAPSHOT_LIMIT) return null;
  const { sort: _sort, ...filter } = selection.list;
  const { data } = await api.GET('/transactions', { params: { query: { ...filter, sort: 'id', limit: UNDO_SNAPSHOT_LIMIT + 1 } } });
  const rows = (data ?? []) as Transaction[];
  if (rows.length > UNDO_SNAPSHOT_LIMIT) return null;
  return new Map(rows.map((row) => [row.id, row.category]));
}

export async function deleteRows(selection: Selection, locale: string): Promise<Outcome> {
  let ids: number[];
  if (selection.kind === 'ids') {
    ids = [...selection.previous.keys()];
    for (const part of chunks(ids)) {
      const answer = await api.POST('/manage/transactions/delete', { body: { ids: part } });
      if (!answer.data) return failed(answer);
    }
  } else {
    const answer = await api.POST('/manage/transactions/delete', { body: { filter: selection.filter } });
    if (!answer.data) return failed(answer);
    const found = await justDeleted(answer.data.deleted);
    if (found === null) return { ok: true, done: { message: `${rowsText(answer.data.deleted, locale)} moved to the trash (the trash changed meanwhile: restore them from it)`, undo: null } };
    ids = found;
  }
  const deleted = ids;
  return {
    ok: true,
    done: {
      message: `${rowsText(deleted.length, locale)} moved to the trash`,
      undo: async () => {
        let restored = 0;
        let skipped = 0;
        for (const part of chunks(deleted)) {
          const answer = await api.POST('/manage/trash/restore', { body: { ids: part } });
          if (!answer.data) return failed(answer);
          restored += answer.data.restored.length;
          skipped += answer.data.skipped.length;
        }
        const message = `Undone: ${rowsText(restored, locale)} restored${skipped > 0 ? `, ${rowsText(skipped, locale)} could not be (see the trash)` : ''}`;
        return { ok: true, done: { message, undo: null } };
      },
    },
  };
}

/**
 * The ids a filter delete just moved to the trash: the API answers only how many, so they are
 * the newest `count` entries of the trash, when all of them carry one deletion time and were
 * deleted by a request (otherwise another deletion came between, and null).
 */
async function justDeleted(count: number): Promise<number[] | null> {
  if (count === 0) return [];
  const { data } = await api.GET('/manage/trash', { params: { query: { limit: count, offset: 0 } } });
  const entries = data ?? [];
  if (entries.length !== count) return null;
  const at = entries[0]?.deletedAt;
  if (!entries.every((entry) => entry.deletedAt === at && entry.deletedBy.reason === 'request')) return null;
  return entries.map((entry) => entry.transaction.id as number);
}
