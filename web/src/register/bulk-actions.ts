import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { chunks, rowsText, type SelectionFilter } from '../lib/bulk.js';
import type { ListFilter } from '../lib/url-state.js';

/**
 * What a bulk action acts on: rows picked one by one (with the category each had, as the list
 * showed it), or every row the list's filter matches (the API's filter selection, not only the
 * loaded rows). Undo is the server's, by change (docs/undo.md): no snapshot, no limit.
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

/** The changes the server made, in order (each request of a split selection is one); undone newest first. */
type Changes = number[];

const changeOf = (data: { change?: number }, changes: Changes) => {
  if (data.change !== undefined) changes.push(data.change);
};

/** What undoing changes did, added up over them. */
interface Undone {
  recategorised: number;
  restored: number;
  trashed: number;
  conflicts: number;
}

/**
 * Takes `changes` back on the server (POST /changes/{change}/undo, newest first): each is
 * reverted from the before-images the server kept, categories with their source and any number
 * of rows; rows changed since are left as they are (conflicts).
 */
async function undoChanges(changes: Changes): Promise<{ ok: true; undone: Undone } | { ok: false; problem: string }> {
  const undone: Undone = { recategorised: 0, restored: 0, trashed: 0, conflicts: 0 };
  for (const change of [...changes].reverse()) {
    const answer = await api.POST('/changes/{change}/undo', { params: { path: { change } } });
    if (!answer.data) return { ok: false, problem: refusal(answer) };
    undone.recategorised += answer.data.recategorised;
    undone.restored += answer.data.restored;
    undone.trashed += answer.data.trashed;
    undone.conflicts += answer.data.conflicts.length;
  }
  return { ok: true, undone };
}

/** ", 2 transactions changed since were left as they are" when there were conflicts. */
const leftAlone = (conflicts: number, locale: string, why: string) => (conflicts > 0 ? `, ${rowsText(conflicts, locale)} ${why}` : '');

export async function recategorise(selection: Selection, category: string | null, locale: string): Promise<Outcome> {
  const changes: Changes = [];
  let changed = 0;
  if (selection.kind === 'ids') {
    for (const ids of chunks([...selection.previous.keys()])) {
      const answer = await api.POST('/manage/transactions/recategorise', { body: { ids, category, dryRun: false } });
      if (!answer.data) return failed(answer);
      changed += answer.data.changed;
      changeOf(answer.data, changes);
    }
  } else {
    const answer = await api.POST('/manage/transactions/recategorise', { body: { filter: selection.filter, category, dryRun: false } });
    if (!answer.data) return failed(answer);
    changed = answer.data.changed;
    changeOf(answer.data, changes);
  }
  const message = `${rowsText(changed, locale)} set to ${category ?? 'no category'}`;
  return {
    ok: true,
    done: {
      message,
      undo: async () => {
        const result = await undoChanges(changes);
        if (!result.ok) return result;
        const { recategorised, conflicts } = result.undone;
        return { ok: true, done: { message: `Undone: ${rowsText(recategorised, locale)} have their categories back${leftAlone(conflicts, locale, 'changed since were left as they are')}`, undo: null } };
      },
    },
  };
}

export async function deleteRows(selection: Selection, locale: string): Promise<Outcome> {
  const changes: Changes = [];
  let deleted = 0;
  if (selection.kind === 'ids') {
    for (const part of chunks([...selection.previous.keys()])) {
      // Reconciled rows refuse a delete (409 naming force): the person is told, nothing moves.
      const answer = await api.POST('/manage/transactions/delete', { body: { ids: part, force: false } });
      if (!answer.data) return failed(answer);
      deleted += answer.data.deleted;
      changeOf(answer.data, changes);
    }
  } else {
    const answer = await api.POST('/manage/transactions/delete', { body: { filter: selection.filter, force: false } });
    if (!answer.data) return failed(answer);
    deleted = answer.data.deleted;
    changeOf(answer.data, changes);
  }
  return {
    ok: true,
    done: {
      message: `${rowsText(deleted, locale)} moved to the trash`,
      undo: async () => {
        const result = await undoChanges(changes);
        if (!result.ok) return result;
        const { restored, conflicts } = result.undone;
        return { ok: true, done: { message: `Undone: ${rowsText(restored, locale)} restored${leftAlone(conflicts, locale, 'could not be (see the trash)')}`, undo: null } };
      },
    },
  };
}
