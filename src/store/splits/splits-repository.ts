import type { StoredSplitLine } from '../../domain/splits.js';
import type { EngineAccess } from '../engine/engine-access.js';
import type { SplitLineRow, SplitParentRow, SplitsQueries } from './splits-queries.js';
import type { DeleteSplitOutcome, PutSplitOutcome, SplitPrograms } from './splits-writes.js';

/** The transaction a split is of, as the splits service checks lines against it. */
export interface SplitParent {
  id: number;
  value: number;
  split: boolean;
  /** Its account's currency, else the store's; null when neither is known. */
  currency: string | null;
}

/** Splits (migration 0020; docs/transfers-and-splits.md). */
export interface SplitsRepository {
  parent(id: number): Promise<SplitParent | null>;
  /** The lines in order; none when the transaction is not split. */
  lines(id: number): Promise<StoredSplitLine[]>;
  /** Replaces all the lines at once (checked by the caller against `value`); `madeAt`: ms since the epoch, for undo's retention. */
  put(id: number, value: number, lines: readonly StoredSplitLine[], madeAt: number): Promise<PutSplitOutcome>;
  remove(id: number, madeAt: number): Promise<DeleteSplitOutcome>;
}

export function splitsRepository(db: EngineAccess<{ splits: SplitsQueries }, SplitPrograms>): SplitsRepository {
  const { splits: s } = db.queries;
  return {
    async parent(id) {
      const row = await db.first<SplitParentRow>(s.parent(id));
      return row ? { id: Number(row.id), value: Number(row.value), split: row.split !== null, currency: row.currency } : null;
    },
    async lines(id) {
      return (await db.all<SplitLineRow>(s.lines(id))).map((row) => ({ amountCents: Number(row.amount_cents), category: row.category, memo: row.memo }));
    },
    put: (id, value, lines, madeAt) => db.write('putSplit', id, value, lines, madeAt),
    remove: (id, madeAt) => db.write('deleteSplit', id, madeAt),
  };
}
