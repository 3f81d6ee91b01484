import { decodeCursor, FEED_START, type ChangePage, type CursorRefusal, type RefusedCursor } from '../domain/change-feed.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { ChangePageJson, Store } from '../store/store.js';

/** Why a cursor is refused, as the problem's field message says it (the 410 of listChanges). */
const REFUSALS: Record<CursorRefusal | 'unplaced', string> = {
  purged: 'is older than the last trash purge, which forgot deletions',
  'other-store': 'was given out by another store',
  'other-epoch': 'was given out before this store was restored from a backup or copied (`moneta restore`, `moneta copy`)',
  future: "is past the end of this store's change feed (from a later state of it than the one restored, or not given out by it)",
  unplaced: 'was given out by a Moneta before cursors named their store, so it cannot be shown to belong to this one',
};

/** The change feed: what changed after a cursor, in commit order (docs/change-feed.md). */
export class ChangesService {
  constructor(private readonly store: Pick<Store, 'changes'>) {}

  async after(since: string | undefined, limit: number): Promise<ChangePage> {
    return this.found(await this.store.changes.after(this.cursor(since), limit));
  }

  /** The same page with the changes already JSON (what GET /changes sends). */
  async afterJson(since: string | undefined, limit: number): Promise<ChangePageJson> {
    return this.found(await this.store.changes.afterJson(this.cursor(since), limit));
  }

  private cursor(since: string | undefined) {
    if (since === undefined) return FEED_START;
    const cursor = decodeCursor(since);
    if (!cursor) throw invalidField('query', 'since', 'is not a cursor this server gave out (pass the `next` of an earlier answer)');
    // A cursor of the old form names no store: nothing shows it was this store's, in this epoch.
    if (!cursor.origin) throw refusal('unplaced');
    return cursor;
  }

  private found<P>(page: P | RefusedCursor): P {
    if (typeof page === 'object' && page !== null && 'refused' in page) throw refusal(page.refused);
    return page;
  }
}

function refusal(reason: CursorRefusal | 'unplaced'): DomainError {
  return new DomainError('gone', `this cursor ${REFUSALS[reason]}; this store cannot continue from it: read again from the start (without since) and rebuild your copy`, [
    { in: 'query', name: 'since', message: REFUSALS[reason] },
  ]);
}
