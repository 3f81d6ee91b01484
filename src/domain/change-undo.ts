/** A row of a change that an undo left as it is, and why (docs/undo.md). */
export interface UndoConflict {
  id: number;
  reason: 'changed-later' | 'unknown-bank' | 'import-key-taken';
}

/** What undoing a change did: reverted it as change `change`, or why it could not. */
export type ChangeUndoOutcome =
  | { status: 'undone'; change: number; recategorised: number; restored: number; trashed: number; conflicts: UndoConflict[] }
  | { status: 'unknown' }
  | { status: 'expired' }
  | { status: 'not-undoable' }
  | { status: 'undone-already'; by: number };
