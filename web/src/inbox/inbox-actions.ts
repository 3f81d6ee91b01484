import { api } from '../api/client.js';
import type { Problem } from '../api/types.js';
import { ruleForPayee, type InboxGroup } from '../lib/inbox.js';
import { rowsText } from '../lib/bulk.js';

/** What an action did, and how to take it back. */
export interface Done {
  message: string;
  undo: (() => Promise<string>) | null;
}

export type Outcome = { ok: true; done: Done } | { ok: false; problem: string };

function refusal(error: unknown, status: number): string {
  const problem = error as Problem | undefined;
  const field = problem?.errors?.[0];
  if (field) return `${field.name} ${field.message}`;
  return problem?.detail ?? `the server answered ${status}`;
}

/**
 * The categorisation taken back on the server, by its change (docs/undo.md): exactly the rows it
 * changed, each with the category and source it had; a row changed since is left as it is.
 * Answers how many came back and how many were left.
 */
async function undoChange(change: number | undefined): Promise<{ back: number; left: number }> {
  if (change === undefined) return { back: 0, left: 0 };
  const answer = await api.POST('/changes/{change}/undo', { params: { path: { change } } });
  if (!answer.data) throw new Error(refusal(answer.error, answer.response.status));
  return { back: answer.data.recategorised, left: answer.data.conflicts.length };
}

/** One category for the whole group, in one request (the API chooses the payee's uncategorised rows). */
export async function categoriseGroup(group: InboxGroup, category: string, locale: string): Promise<Outcome> {
  const answer = await api.POST('/manage/transactions/recategorise', {
    body: { filter: { category: null }, payee: group.payee, category, dryRun: false },
  });
  if (!answer.data) return { ok: false, problem: refusal(answer.error, answer.response.status) };
  const change = answer.data.change;
  return {
    ok: true,
    done: {
      message: `${rowsText(answer.data.changed, locale)} set to ${category}`,
      undo: async () => {
        const { back, left } = await undoChange(change);
        return `Undone: ${rowsText(back, locale)} back in the inbox${left > 0 ? `, ${rowsText(left, locale)} changed since were left as they are` : ''}`;
      },
    },
  };
}

/** How many existing rows the "Always" rule would change (the rule preview's count). */
export async function previewAlways(group: InboxGroup, category: string): Promise<{ count: number } | { problem: string }> {
  const answer = await api.POST('/rules/preview', { body: { rule: ruleForPayee(group.payee, category), limit: 1 } });
  if (!answer.data) return { problem: refusal(answer.error, answer.response.status) };
  return { count: answer.data.count };
}

/** "Always": the rule, then the group categorised; undo removes both. */
export async function alwaysCategorise(group: InboxGroup, category: string, locale: string): Promise<Outcome> {
  const created = await api.POST('/rules', { body: ruleForPayee(group.payee, category) });
  if (!created.data) return { ok: false, problem: refusal(created.error, created.response.status) };
  const ruleId = created.data.id;
  const applied = await categoriseGroup(group, category, locale);
  if (!applied.ok) return applied;
  const undoRows = applied.done.undo;
  return {
    ok: true,
    done: {
      message: `Rule created; ${applied.done.message}`,
      undo: async () => {
        await undoRows?.();
        const removed = await api.DELETE('/rules/{ruleId}', { params: { path: { ruleId } } });
        if (removed.response.status !== 204) throw new Error(refusal(removed.error, removed.response.status));
        return `Undone: the rule is gone and the rows are back in the inbox`;
      },
    },
  };
}
