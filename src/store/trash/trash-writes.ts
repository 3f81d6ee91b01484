import type { RestoreResult } from '../../domain/trash.js';
import { changeRecorded, changes, changeToken, undoKept, type ChangeRecording, type StepResult, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import type { TrashQueries, TrashSkipRow } from './trash-queries.js';
import type { SplitsQueries } from '../splits/splits-queries.js';

/**
 * The write programs of the trash (see ../writes.ts): rows back from it, and purging it. Each is
 * one transaction; a restore is stamped and recorded in the change feed.
 */
export function trashPrograms(q: { trash: TrashQueries; changes: ChangeRecording; undo: UndoRecording; splits: SplitsQueries }) {
  const { trash: c, changes: feed, undo, splits } = q;
  return {
    /** Moves the asked-for rows back from the trash, with the same ids, where they can go back. */
    *restoreTransactions(ids: readonly number[]): WriteProgram<RestoreResult> {
      const tx = yield* changeToken(feed);
      yield c.insertTrashCategories(ids, tx);
      const restored = ((yield c.restoreFromTrash(ids, tx)) as StepResult).rows.map((row) => Number((row as { id: number | string }).id));
      if (restored.length > 0) {
        yield c.deleteRestored(tx);
        yield* undoKept(undo, tx, 'restored');
        yield* changeRecorded(feed, tx);
      }
      const left = ((yield c.trashSkips(ids)) as StepResult).rows as TrashSkipRow[];
      const inTrash = new Map(left.map((row) => [Number(row.id), row]));
      const back = new Set(restored);
      const skipped: RestoreResult['skipped'] = [];
      for (const id of new Set(ids)) {
        if (back.has(id)) continue;
        const row = inTrash.get(id);
        skipped.push({ id, reason: !row ? 'not-in-trash' : !truthy(row.bank_known) ? 'unknown-bank' : 'import-key-taken' });
      }
      return { restored: [...back].sort((a, b) => a - b), skipped };
    },

    /** Forgets what was deleted before `before` (ms since the epoch); returns how many rows. */
    *purgeTrash(before: number): WriteProgram<number> {
      yield c.markPurged(before);
      yield splits.purgeTrashedLines(before);
      return yield* changes(c.purge(before));
    },
  };
}

/** SQLite answers a boolean expression with 0 or 1, PostgreSQL with a boolean. */
function truthy(value: number | boolean | string): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export type TrashPrograms = ReturnType<typeof trashPrograms>;
