/** One imported file, as the import history (migration 0009's `imports` table) keeps it. */
export interface ImportSummary {
  id: number;
  fileName: string;
  format: string;
  bank: string;
  /** The CSV profile asked for, when one was. */
  profile: string | null;
  /** Milliseconds since the epoch. */
  importedAt: number;
  added: number;
  duplicates: number;
  conflicts: number;
  invalid: number;
  skipped: number;
  /** Whether any row it added is in the list now: false once it is undone (or they were all deleted). */
  rowsInList: boolean;
  /** The import's change while it can be undone by it (POST /changes/{change}/undo; docs/undo.md). */
  change?: number;
}

/** An import with where its rows are now: in the list, or in the trash (undone or deleted). */
export interface ImportDetail extends ImportSummary {
  /** Rows it added that are in the list now. */
  inList: number;
  /** Rows it added that are in the trash now (an undo, or deletions). */
  inTrash: number;
}
