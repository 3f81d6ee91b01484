import type { TransactionRecord } from './transaction.js';

/** Why a transaction is in the trash: asked for, or carried along by undoing an import or deleting a bank. */
export type DeletionReason = { reason: 'request' } | { reason: 'import'; importId: number } | { reason: 'bank'; bankId: string };

export interface DeletedTransaction {
  transaction: TransactionRecord;
  /** Milliseconds since the epoch. */
  deletedAt: number;
  deletedBy: DeletionReason;
}

/** How long the trash keeps a transaction by default, in days (config: trash retention). */
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

/** Why one asked-for id was not restored. */
export type RestoreSkip = 'not-in-trash' | 'import-key-taken' | 'unknown-bank';

export interface RestoreResult {
  /** Ids back in the list, each the same id it had. */
  restored: number[];
  skipped: Array<{ id: number; reason: RestoreSkip }>;
}
