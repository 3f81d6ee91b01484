import { checkedCategoryName } from '../domain/bank-rules.js';
import { USER_SOURCE } from '../domain/category-source.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { TransactionRecord } from '../domain/transaction.js';
import type { TransactionSelection } from '../domain/transaction-filter.js';
import type { DeletedTransaction, RestoreResult } from '../domain/trash.js';
import type { Store } from '../store/store.js';

/** What a bulk re-categorisation sets, and how. */
export interface RecategoriseChange {
  /** The new category (created when new), or null to clear it. */
  category: string | null;
  /** With a filter: only the rows of this payee (the review inbox's groups). */
  payee?: string;
  dryRun?: boolean;
}

export interface RecategoriseOutcome {
  changed: number;
  dryRun: boolean;
  /** With dryRun: the first SAMPLE_ROWS rows that would change, as they are now. */
  sample?: TransactionRecord[];
  /** With a payee, not a dry run: the ids that changed (so the change can be undone exactly). */
  ids?: number[];
}

export const SAMPLE_ROWS = 20;

/**
 * Corrections: deleting into the trash, restoring, and bulk re-categorisation, by ids or by the
 * list's filters. One commit each; a bulk re-categorisation records the user as the source.
 * Selections come converted and checked (a filter by domain/filter-input.ts, at each entry point).
 */
export class CorrectionsService {
  constructor(
    private readonly store: Pick<Store, 'transactions' | 'trash' | 'inbox'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reconciled rows refuse it unless `force` (409 naming the body's `force`; the CLI says `--force`). */
  async delete(selection: TransactionSelection, force = false, forceName = 'force'): Promise<number> {
    const outcome = await this.store.transactions.deleteRequested(selection, this.now(), force);
    if (outcome.status === 'reconciled') {
      throw new DomainError('conflict', `${outcome.count} of the chosen transactions are reconciled: ${forceName} to move them into the trash anyway`, [
        { in: 'body', name: forceName, message: `is required: ${outcome.count} of the chosen transactions are reconciled` },
      ]);
    }
    return outcome.count;
  }

  async recategorise(selection: TransactionSelection, input: RecategoriseChange): Promise<RecategoriseOutcome> {
    const category = input.category === null ? null : checkedCategoryName(input.category, 'body', 'category');
    if (input.payee !== undefined) return this.recategorisePayee(selection, input.payee, category, input.dryRun ?? false);
    if (input.dryRun) {
      const preview = await this.store.transactions.previewRecategorise(selection, category, USER_SOURCE, SAMPLE_ROWS);
      return { changed: preview.total, dryRun: true, sample: preview.rows };
    }
    return { changed: await this.store.transactions.recategorise(selection, category, USER_SOURCE), dryRun: false };
  }

  /** One payee's rows among those a filter chooses (the review inbox's groups). */
  private async recategorisePayee(selection: TransactionSelection, payee: string, category: string | null, dryRun: boolean): Promise<RecategoriseOutcome> {
    if (!('filter' in selection)) throw invalidField('body', 'payee', 'goes with filter, not with ids');
    const { filter } = selection;
    if (dryRun) {
      const preview = await this.store.inbox.previewRecategorisePayee(filter, payee, category, USER_SOURCE, SAMPLE_ROWS);
      return { changed: preview.total, dryRun: true, sample: preview.rows };
    }
    const ids = await this.store.inbox.recategorisePayee(filter, payee, category, USER_SOURCE);
    return { changed: ids.length, dryRun: false, ids };
  }

  listDeleted(limit: number, offset: number): Promise<{ total: number; rows: DeletedTransaction[] }> {
    return this.store.trash.list(limit, offset);
  }

  restore(ids: readonly number[]): Promise<RestoreResult> {
    return this.store.trash.restore(ids);
  }

  /** Forgets what has been in the trash longer than `retentionDays`; returns how many rows. */
  purgeExpired(retentionDays: number): Promise<number> {
    return this.store.trash.purge(this.now() - retentionDays * 24 * 60 * 60 * 1000);
  }
}
