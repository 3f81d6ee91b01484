import type { StoredSplitLine } from '../../domain/splits.js';
import { changeRecorded, changeToken, firstRow, type ChangeRecording, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import type { Queries } from '../transactions/transactions-queries.js';
import type { SplitParentRow, SplitsQueries } from './splits-queries.js';

export type PutSplitOutcome = { status: 'split' } | { status: 'missing' } | { status: 'value-changed' };
export type DeleteSplitOutcome = { status: 'removed' } | { status: 'missing' } | { status: 'not-split' };

interface SplitStatements {
  splits: SplitsQueries;
  transactions: Queries;
  changes: ChangeRecording;
  undo: UndoRecording;
}

/**
 * The write programs of splits (see ../writes.ts): each replaces a transaction's lines in one
 * transaction, keeps the lines it had (change_undo_splits) and its category (migration 0019's
 * trigger) for undo, and stamps the row, so the change feed carries it and a later undo of an
 * older change of it sees the conflict.
 */
export function splitPrograms(q: SplitStatements) {
  const { splits: s, transactions: t, changes: feed, undo } = q;
  return {
    /** `value`: the value the lines were checked against (a value never changes; a guard all the same). */
    *putSplit(id: number, value: number, lines: readonly StoredSplitLine[], madeAt: number): WriteProgram<PutSplitOutcome> {
      const parent = yield* firstRow<SplitParentRow>(s.parent(id));
      if (!parent) return { status: 'missing' };
      if (Number(parent.value) !== value) return { status: 'value-changed' };
      const tx = yield* changeToken(feed);
      yield undo.keep(tx, madeAt);
      for (const name of new Set(lines.map((line) => line.category))) if (name !== null) yield t.insertCategoryIfMissing(name, tx);
      yield s.imageLines(id, tx);
      yield s.deleteLines(id);
      yield s.insertLines(id, lines);
      yield s.markParent(id, true, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'split' };
    },

    *deleteSplit(id: number, madeAt: number): WriteProgram<DeleteSplitOutcome> {
      const parent = yield* firstRow<SplitParentRow>(s.parent(id));
      if (!parent) return { status: 'missing' };
      if (parent.split === null) return { status: 'not-split' };
      const tx = yield* changeToken(feed);
      yield undo.keep(tx, madeAt);
      yield s.imageLines(id, tx);
      yield s.deleteLines(id);
      yield s.markParent(id, false, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'removed' };
    },
  };
}

export type SplitPrograms = ReturnType<typeof splitPrograms>;
