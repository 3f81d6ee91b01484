import type { TransactionSelection } from '../../domain/transaction-filter.js';
import type { DeletionReason, RestoreResult } from '../../domain/trash.js';
import type { CorrectionsQueries, TrashSkipRow } from './corrections-queries.js';
import type { ChangeFeedQueries } from '../changes/change-feed-queries.js';
import type { Queries } from './transactions-queries.js';
import { changeRecorded, changes, changeToken, type StepResult, type WriteProgram } from '../engine/write-steps.js';

/**
 * The write programs of corrections (see writes.ts): moving rows to the trash and back, bulk
 * re-categorisation, purging the trash. Each is one transaction; each change is stamped and
 * recorded in the change feed.
 */
export function correctionPrograms(q: { transactions: Queries; corrections: CorrectionsQueries; changes: ChangeFeedQueries }) {
  const { transactions: t, corrections: c, changes: feed } = q;
  return {
    /** Moves the chosen rows into the trash; returns how many moved. */
    *deleteTransactions(selection: TransactionSelection, deletedAt: number, why: DeletionReason): WriteProgram<number> {
      const tx = yield* changeToken(feed);
      const reference = why.reason === 'import' ? String(why.importId) : why.reason === 'bank' ? why.bankId : null;
      const moved = yield* changes(c.copyToTrash(selection, { at: deletedAt, reason: why.reason, reference }, tx));
      if (moved === 0) return 0;
      yield c.deleteMoved(tx);
      yield* changeRecorded(feed, tx);
      return moved;
    },

    /** Moves the asked-for rows back from the trash, with the same ids, where they can go back. */
    *restoreTransactions(ids: readonly number[]): WriteProgram<RestoreResult> {
      const tx = yield* changeToken(feed);
      yield c.insertTrashCategories(ids, tx);
      const restored = ((yield c.restoreFromTrash(ids, tx)) as StepResult).rows.map((row) => Number((row as { id: number | string }).id));
      if (restored.length > 0) {
        yield c.deleteRestored(tx);
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

    /** Sets or clears the category of the chosen rows; returns how many changed. */
    *recategoriseTransactions(selection: TransactionSelection, category: string | null, source: string | null): WriteProgram<number> {
      const tx = yield* changeToken(feed);
      const effectiveSource = category === null ? null : source;
      // A name not seen before is created, as PUT does (categories hold every name in use).
      if (category !== null) yield t.insertCategoryIfMissing(category, tx);
      const changed = yield* changes(c.recategorise(selection, category, effectiveSource, tx));
      yield* changeRecorded(feed, tx);
      return changed;
    },

    /** Forgets what was deleted before `before` (ms since the epoch); returns how many rows. */
    *purgeTrash(before: number): WriteProgram<number> {
      yield c.markPurged(before);
      return yield* changes(c.purge(before));
    },
  };
}

/** SQLite answers a boolean expression with 0 or 1, PostgreSQL with a boolean. */
function truthy(value: number | boolean | string): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}
