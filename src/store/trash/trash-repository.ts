import type { DeletedTransaction, DeletionReason, RestoreResult } from '../../domain/trash.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toCount, toTransactionRecord, type CountRow } from '../transactions/transactions-queries.js';
import type { DeletedRow, TrashQueries } from './trash-queries.js';
import type { TrashPrograms } from './trash-writes.js';

/** Deleted transactions, kept whole until purged (migration 0009). */
export interface TrashRepository {
  /** Most recently deleted first; total and page from one snapshot is not promised (two reads). */
  list(limit: number, offset: number): Promise<{ total: number; rows: DeletedTransaction[] }>;
  /** Moves the rows back with the same ids, where they can go back (see RestoreResult). */
  restore(ids: readonly number[]): Promise<RestoreResult>;
  /** Forgets rows deleted before this moment (ms since the epoch); returns how many. */
  purge(deletedBefore: number): Promise<number>;
}

export function trashRepository(db: EngineAccess<{ trash: TrashQueries }, TrashPrograms>): TrashRepository {
  const { trash } = db.queries;
  return {
    async list(limit, offset) {
      // Both may step over many rows (a count of a large trash, a deep offset): the bounded read path.
      const total = toCount(await db.scanFirst<CountRow>(trash.trashCount()));
      const rows = total === 0 || limit === 0 ? [] : await db.scanAll<DeletedRow>(trash.trashPage(limit, offset));
      return { total, rows: rows.map(toDeletedTransaction) };
    },
    restore: (ids) => db.write('restoreTransactions', ids),
    purge: (deletedBefore) => db.write('purgeTrash', deletedBefore),
  };
}

export function toDeletedTransaction(row: DeletedRow): DeletedTransaction {
  return { transaction: toTransactionRecord(row), deletedAt: Number(row.deleted_at), deletedBy: deletionReason(row.deleted_reason, row.deleted_reference) };
}

function deletionReason(reason: string, reference: string | null): DeletionReason {
  if (reason === 'import') return { reason: 'import', importId: Number(reference) };
  if (reason === 'bank') return { reason: 'bank', bankId: String(reference) };
  return { reason: 'request' };
}
