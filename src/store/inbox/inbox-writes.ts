import { descriptionsOfPayee } from '../../domain/reports/inbox.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { ChangeRecording, UndoRecording } from '../engine/write-steps.js';
import type { InboxQueries } from './inbox-queries.js';
import type { Queries } from '../transactions/transactions-queries.js';
import { changeRecorded, changeToken, undoKept, type StepResult, type WriteProgram } from '../engine/write-steps.js';

/**
 * The write program of the review inbox (see writes.ts): one payee's rows re-categorised in one
 * transaction. The payee's folded descriptions are found inside it, so the update chooses
 * exactly the rows that make the payee at that moment.
 */
export function inboxPrograms(q: { transactions: Queries; inbox: InboxQueries; changes: ChangeRecording; undo: UndoRecording }) {
  const { transactions: t, inbox, changes: feed, undo } = q;
  return {
    /** Sets or clears the category of the filter's rows of one payee; returns the ids that changed, in order. */
    *recategorisePayee(filter: TransactionFilter, payee: string, category: string | null, source: string | null): WriteProgram<number[]> {
      const found = ((yield inbox.descriptions(filter)) as StepResult).rows as Array<{ description_folded: string | null }>;
      const descriptions = descriptionsOfPayee(
        found.map((row) => row.description_folded ?? ''),
        payee,
      );
      if (descriptions.length === 0) return [];
      const tx = yield* changeToken(feed);
      const effectiveSource = category === null ? null : source;
      yield* undoKept(undo, tx);
      if (category !== null) yield t.insertCategoryIfMissing(category, tx);
      const changed = ((yield inbox.recategorise(filter, descriptions, category, effectiveSource, tx)) as StepResult).rows as Array<{ id: number | string }>;
      yield* changeRecorded(feed, tx);
      return changed.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
  };
}

export type InboxPrograms = ReturnType<typeof inboxPrograms>;
