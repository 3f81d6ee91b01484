import { checkedCategoryName } from '../domain/bank-rules.js';
import { USER_SOURCE } from '../domain/category-source.js';
import { DomainError, invalidField } from '../domain/errors.js';
import { foldForSearch } from '../domain/text.js';
import type { TransactionRecord } from '../domain/transaction.js';
import type { TransactionFilter, TransactionSelection } from '../domain/transaction-filter.js';
import type { DeletedTransaction, RestoreResult } from '../domain/trash.js';
import type { Store } from '../store/store.js';

/** A selection as a request or the command line gives it: exactly one of the two. */
export interface SelectionInput {
  ids?: readonly number[];
  filter?: FilterInput;
}

/** The list's filters as given (the description not folded yet, names not normalised). */
export interface FilterInput {
  category?: string | null;
  bank?: string;
  description?: string;
  from?: string;
  to?: string;
  minValue?: number;
  maxValue?: number;
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
 */
export class CorrectionsService {
  constructor(
    private readonly store: Pick<Store, 'transactions' | 'trash' | 'inbox'>,
    private readonly now: () => number = Date.now,
  ) {}

  delete(input: SelectionInput): Promise<number> {
    return this.store.transactions.delete(selectionOf(input), this.now(), { reason: 'request' });
  }

  async recategorise(input: SelectionInput & { category: string | null; payee?: string; dryRun?: boolean }): Promise<RecategoriseOutcome> {
    const selection = selectionOf(input);
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

/** Exactly one of ids and filter; names in NFC, the description folded as the list folds it. */
export function selectionOf(input: SelectionInput): TransactionSelection {
  if ((input.ids === undefined) === (input.filter === undefined)) {
    const message = 'send exactly one of ids and filter';
    throw new DomainError('invalid', `ids, filter: ${message}`, [
      { in: 'body', name: 'ids', message },
      { in: 'body', name: 'filter', message },
    ]);
  }
  if (input.ids !== undefined) return { ids: input.ids };
  const raw = input.filter ?? {};
  if (Object.keys(raw).length === 0) throw invalidField('body', 'filter', 'must name at least one filter; to choose every transaction say so with a filter');
  const filter: TransactionFilter = {};
  if (raw.category !== undefined) filter.category = raw.category === null ? null : checkedCategoryName(raw.category, 'body', 'filter.category');
  if (raw.bank !== undefined) filter.bank = raw.bank;
  if (raw.description !== undefined) filter.descriptionContains = foldForSearch(raw.description);
  if (raw.from !== undefined) filter.from = raw.from;
  if (raw.to !== undefined) filter.to = raw.to;
  if (raw.minValue !== undefined) filter.minValue = raw.minValue;
  if (raw.maxValue !== undefined) filter.maxValue = raw.maxValue;
  return { filter };
}
