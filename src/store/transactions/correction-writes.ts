import type { TransactionSelection } from '../../domain/transaction-filter.js';
import type { DeletionReason } from '../../domain/trash.js';
import { changeRecorded, changes, changeToken, firstRow, undoKept, type ChangeRecording, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import type { CorrectionsQueries } from './corrections-queries.js';
import type { Queries } from './transactions-queries.js';

/**
 * The write programs of corrections of many transactions (see ../writes.ts): deleting them into
 * the trash (the way back: trash/trash-writes.ts) and bulk re-categorisation. Each is one
 * transaction; each change is stamped and recorded in the change feed.
 */
export function correctionPrograms(q: { transactions: Queries; corrections: CorrectionsQueries; changes: ChangeRecording; undo: UndoRecording }) {
  const { transactions: t, corrections: c, changes: feed, undo } = q;

  function* trash(selection: TransactionSelection, deletedAt: number, why: DeletionReason): WriteProgram<number> {
    const tx = yield* changeToken(feed);
    const reference = why.reason === 'import' ? String(why.importId) : why.reason === 'bank' ? why.bankId : null;
    const moved = yield* changes(c.copyToTrash(selection, { at: deletedAt, reason: why.reason, reference }, tx));
    if (moved === 0) return 0;
    yield c.deleteMoved(tx);
    yield* undoKept(undo, tx, 'trashed');
    yield* changeRecorded(feed, tx);
    return moved;
  }

  return {
    /** Moves the chosen rows into the trash; returns how many moved. */
    deleteTransactions: trash,

    /**
     * A delete a person asked for: reconciled rows among the chosen ones refuse it (nothing is
     * moved) unless `force` (docs/accounts.md).
     */
    *deleteRequested(selection: TransactionSelection, deletedAt: number, force: boolean): WriteProgram<{ status: 'deleted' | 'reconciled'; count: number }> {
      if (!force) {
        const row = yield* firstRow<{ n: number | string }>(c.countReconciled(selection));
        const reconciled = Number(row?.n ?? 0);
        if (reconciled > 0) return { status: 'reconciled', count: reconciled };
      }
      return { status: 'deleted', count: yield* trash(selection, deletedAt, { reason: 'request' }) };
    },

    /** Sets or clears the category of the chosen rows; returns how many changed. */
    *recategoriseTransactions(selection: TransactionSelection, category: string | null, source: string | null): WriteProgram<number> {
      const tx = yield* changeToken(feed);
      const effectiveSource = category === null ? null : source;
      yield* undoKept(undo, tx);
      // A name not seen before is created, as PUT does (categories hold every name in use).
      if (category !== null) yield t.insertCategoryIfMissing(category, tx);
      const changed = yield* changes(c.recategorise(selection, category, effectiveSource, tx));
      yield* changeRecorded(feed, tx);
      return changed;
    },

  };
}

export type CorrectionPrograms = ReturnType<typeof correctionPrograms>;
