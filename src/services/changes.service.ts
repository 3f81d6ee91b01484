import { decodeCursor, FEED_START, type ChangePage } from '../domain/change-feed.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { ChangePageJson, Store } from '../store/store.js';

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
    const cursor = since === undefined ? FEED_START : decodeCursor(since);
    if (!cursor) throw invalidField('query', 'since', 'is not a cursor this server gave out (pass the `next` of an earlier answer)');
    return cursor;
  }

  private found<P>(page: P | null): P {
    if (!page) {
      throw new DomainError('gone', 'this cursor is older than the last purge of the trash, which forgot deletions; start again without since', [
        { in: 'query', name: 'since', message: 'is older than the last trash purge' },
      ]);
    }
    return page;
  }
}
