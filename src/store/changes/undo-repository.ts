import type { ChangeUndoOutcome } from '../../domain/change-undo.js';
import type { EngineAccess } from '../engine/engine-access.js';
import type { UndoPrograms } from './undo-writes.js';

/** Undo by change (migration 0018; docs/undo.md). */
export interface UndoRepository {
  /** Reverts change `change` in one commit, as a change of its own; `now` dates it and the rows it trashes. */
  undo(change: number, now: number): Promise<ChangeUndoOutcome>;
  /** Forgets the before-images of changes made before `before` (ms since the epoch); returns how many changes. */
  purge(before: number): Promise<number>;
}

export function undoRepository(db: EngineAccess<unknown, UndoPrograms>): UndoRepository {
  return {
    undo: (change, now) => db.write('undoChange', change, now),
    purge: (before) => db.write('purgeUndo', before),
  };
}
