import type { ChangeUndoOutcome, UndoConflict } from '../../domain/change-undo.js';
import { changeRecorded, changes, changeToken, firstRow, type ChangeRecording, type StepResult, type WriteProgram } from '../engine/write-steps.js';
import type { CorrectionsQueries } from '../transactions/corrections-queries.js';
import type { TrashQueries, TrashSkipRow } from '../trash/trash-queries.js';
import type { TransfersQueries } from '../transfers/transfers-queries.js';
import { transfersUndone, type TransferTombstones } from '../transfers/transfers-writes.js';
import type { KeptChangeRow, UndoQueries, UnkeptChangeRow } from './undo-queries.js';
import type { SplitsQueries } from '../splits/splits-queries.js';

/** SQLite answers a boolean expression with 0 or 1, PostgreSQL with a boolean. */
function truthy(value: number | boolean | string): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/**
 * Undo by change (migration 0018; docs/undo.md): the write program that reverts one change from
 * its before-images, in one transaction, as a change of its own (kept, so it can be undone too).
 */
export function undoPrograms(q: { undo: UndoQueries; trash: TrashQueries; corrections: CorrectionsQueries; splits: SplitsQueries; transfers: TransfersQueries; changes: ChangeRecording & TransferTombstones }) {
  const { undo: u, trash, corrections, splits, transfers, changes: feed } = q;
  return {
    /** Reverts change `change`; `now` (ms since the epoch) dates the undo and the rows it trashes. */
    *undoChange(change: number, now: number): WriteProgram<ChangeUndoOutcome> {
      const kept = yield* firstRow<KeptChangeRow>(u.find(change));
      if (!kept) {
        const known = yield* firstRow<UnkeptChangeRow>(u.unkept(change));
        if (known && change <= Number(known.purged_through)) return { status: 'expired' };
        return { status: known && truthy(known.in_feed) ? 'not-undoable' : 'unknown' };
      }
      if (kept.undone_by !== null) return { status: 'undone-already', by: Number(kept.undone_by) };
      const later = ((yield u.changedLater(change)) as StepResult).rows as Array<{ id: number | string }>;
      const conflicts: UndoConflict[] = later.map((row) => ({ id: Number(row.id), reason: 'changed-later' }));
      const tx = yield* changeToken(feed);
      yield u.keep(tx, now, change);
      yield u.markUndone(change, tx);
      yield u.insertBeforeCategories(change, tx);
      const recategorised = yield* changes(u.revertCategories(change, tx));
      // Split lines (migration 0020) go back with the category of their row.
      yield splits.imageRevertedLines(change, tx);
      yield splits.insertBeforeLineCategories(change, tx);
      yield splits.deleteRevertedLines(change, tx);
      for (const statement of splits.restoreBeforeLines(change, tx)) yield statement;
      yield trash.insertTrashCategories({ change }, tx);
      const restored = ((yield trash.restoreFromTrash({ change }, tx)) as StepResult).rows.length;
      if (restored > 0) yield trash.deleteRestored(tx);
      const stuck = ((yield trash.trashSkips({ change })) as StepResult).rows as TrashSkipRow[];
      for (const row of stuck) conflicts.push({ id: Number(row.id), reason: truthy(row.bank_known) ? 'import-key-taken' : 'unknown-bank' });
      const trashed = yield* changes(u.trashAdded(change, now, tx));
      if (trashed > 0) yield corrections.deleteMoved(tx);
      yield* transfersUndone(transfers, feed, change, tx);
      yield u.imageInList(tx, 'restored');
      yield u.imageTrashed(tx);
      yield* changeRecorded(feed, tx);
      conflicts.sort((a, b) => a.id - b.id);
      return { status: 'undone', change: tx, recategorised, restored, trashed, conflicts };
    },

    /** Forgets the before-images of changes made before `before` (ms since the epoch); returns how many changes. */
    *purgeUndo(before: number): WriteProgram<number> {
      yield u.markPurged(before);
      yield u.purgeImages();
      yield splits.purgeImages();
      yield transfers.purgeImages();
      return yield* changes(u.purgeKept());
    },
  };
}

export type UndoPrograms = ReturnType<typeof undoPrograms>;
