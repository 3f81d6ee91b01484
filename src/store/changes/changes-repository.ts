import type { CompiledQuery } from 'kysely';
import { changeObject, cursorRefusal, type ChangeCursor, type ChangePage, type FeedState, type PlacedCursor, type RefusedCursor } from '../../domain/change-feed.js';
import type { EngineAccess } from '../engine/engine-access.js';
import type { ChangeFeedQueries, ChangeJsonRow, FeedStateRow } from './change-feed-queries.js';
import { cursorOf, toChangePage } from './change-rows.js';

/** The change feed (migration 0009; docs/change-feed.md). */
export interface ChangeFeedRepository {
  /**
   * Up to `limit` changes after the cursor, in commit order; refused when this feed cannot
   * continue from it exactly (cursorRefusal: older than a purge, another store or epoch, past
   * the end). A cursor without an origin is checked for its place only.
   */
  after(cursor: ChangeCursor, limit: number): Promise<ChangePage | RefusedCursor>;
  /** The same page as JSON, as GET /changes sends it (SQLite writes it in SQL); refused as for after(). */
  afterJson(cursor: ChangeCursor, limit: number): Promise<ChangePageJson | RefusedCursor>;
}

/** A page of changes with the changes already JSON: what GET /changes sends as it is. */
export interface ChangePageJson {
  /** The changes as a JSON array, byte for byte what the listChanges route's serialiser writes for them (presentChange). */
  json: string;
  next: PlacedCursor;
  more: boolean;
}

function toFeedState(row: FeedStateRow | undefined): FeedState {
  return {
    origin: { store: row?.store_id ?? '', epoch: row?.epoch ?? '' },
    last: Number(row?.last_seq ?? 0),
    purgedThrough: Number(row?.purged_through ?? 0),
  };
}

export function changeFeedRepository(db: EngineAccess<{ changes: ChangeFeedQueries }, unknown>): ChangeFeedRepository {
  const { changes } = db.queries;
  /**
   * When the rest of the cursor's own commit fills the page (ownEntry: limit + 1 rows of it), it
   * is the page. Otherwise, PostgreSQL: first the horizon, then the whole page in a later
   * snapshot, bounded by it. Either way one statement, so one snapshot. The feed's state is read
   * after the page: purges only move the purge mark forward, so a purge the page missed shows
   * there (and the page is refused); the store's name and epoch change only while no server
   * runs (restore), and the feed's end only grows within an epoch.
   */
  const read = async <R>(
    cursor: ChangeCursor,
    limit: number,
    ownEntry: CompiledQuery<R> | undefined,
    page: (horizon: number | undefined) => CompiledQuery<R>,
    run: (query: CompiledQuery<R>) => Promise<R[]> = (query) => db.all<R>(query),
  ): Promise<{ rows: R[]; state: FeedState } | RefusedCursor> => {
    let rows = ownEntry && (await run(ownEntry));
    if (!rows || rows.length <= limit) {
      const horizonQuery = changes.horizon();
      const horizon = horizonQuery && Number((await db.first(horizonQuery))?.horizon ?? 0);
      rows = await run(page(horizon));
    }
    const state = toFeedState(await db.first<FeedStateRow>(changes.feedState()));
    const refused = cursorRefusal(cursor, state);
    return refused ? { refused } : { rows, state };
  };
  const after: ChangeFeedRepository['after'] = async (cursor, limit) => {
    const found = await read(cursor, limit, changes.ownEntryPage(cursor, limit + 1), (horizon) => changes.page(cursor, limit + 1, horizon));
    return 'refused' in found ? found : toChangePage(found.rows, limit, { ...cursor, origin: found.state.origin });
  };
  return {
    after,
    async afterJson(cursor, limit) {
      // Where the engine cannot write the JSON (or read rows as arrays), the page's objects are written here.
      const arrays = db.arrays?.bind(db);
      if (!changes.writesJson || !arrays) {
        const page = await after(cursor, limit);
        return 'refused' in page ? page : { json: JSON.stringify(page.changes.map(changeObject)), next: page.next, more: page.more };
      }
      const found = await read(cursor, limit, changes.ownEntryJsonPage(cursor, limit + 1), (horizon) => changes.jsonPage(cursor, limit + 1, horizon), (query) => arrays<ChangeJsonRow>(query));
      if ('refused' in found) return found;
      const { rows, state } = found;
      const listed = Math.min(rows.length, limit);
      const texts = new Array<string>(listed);
      for (let i = 0; i < listed; i += 1) texts[i] = (rows[i] as ChangeJsonRow)[4];
      const last = rows[listed - 1];
      const next = { ...(last ? cursorOf({ seq: last[0], phase: last[1], id: last[2], key: last[3] }) : cursor), origin: state.origin };
      return { json: changes.jsonArray(texts), next, more: rows.length > limit };
    },
  };
}
