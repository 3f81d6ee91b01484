import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { ChangeCursor } from '../domain/change-feed.js';
import type { DialectQuirks } from './dialect-quirks.js';
import type { Database } from './schema.js';

/** A row of the change feed page: one change, in the columns of whichever kind it is (others NULL). */
export interface ChangeRow {
  seq: number | string;
  phase: number | string;
  id: number | string | null;
  key: string | null;
  date: string | null;
  description: string | null;
  value: number | null;
  category: string | null;
  bank_id: string | null;
  category_source: string | null;
  name: string | null;
  aggregator_id: string | null;
  group_name: string | null;
}

/**
 * The order of the kinds of change within one commit (one feed entry): a replica applying them
 * in this order never holds a transaction whose category or bank it does not know yet.
 */
export const CHANGE_PHASES = {
  categoryPut: 1,
  bankPut: 2,
  transactionPut: 3,
  transactionDelete: 4,
  bankDelete: 5,
  categoryDelete: 6,
} as const;

interface PhaseSource {
  phase: number;
  /** FROM ... x: the rows of this kind, stamped with change_tx. */
  from: RawBuilder<unknown>;
  /** The ChangeRow columns this kind fills (the others are typed NULLs). */
  columns: Partial<Record<ChangeColumn, string>>;
  /** The key that orders changes within a commit: an integer column, or a text one. */
  key: { column: string; integer: boolean };
}

/** ChangeRow's columns after seq and phase, and the type of each (PostgreSQL unites typed NULLs only). */
const CHANGE_COLUMNS = {
  id: 'BIGINT',
  key: 'TEXT',
  date: 'TEXT',
  description: 'TEXT',
  value: 'DOUBLE PRECISION',
  category: 'TEXT',
  bank_id: 'TEXT',
  category_source: 'TEXT',
  name: 'TEXT',
  aggregator_id: 'TEXT',
  group_name: 'TEXT',
} as const;
type ChangeColumn = keyof typeof CHANGE_COLUMNS;

/** Where each kind of change lives: rows stamped with the change token of the write that made them. */
const SOURCES: PhaseSource[] = [
  {
    phase: CHANGE_PHASES.categoryPut,
    from: sql`categories x`,
    columns: { key: 'name', category: 'name', group_name: 'group_name' },
    key: { column: 'name', integer: false },
  },
  {
    phase: CHANGE_PHASES.bankPut,
    from: sql`banks x`,
    columns: { key: 'id', bank_id: 'id', name: 'name', aggregator_id: 'aggregator_id' },
    key: { column: 'id', integer: false },
  },
  {
    phase: CHANGE_PHASES.transactionPut,
    from: sql`transactions x`,
    columns: { id: 'id', date: 'date', description: 'description', value: 'value', category: 'category', bank_id: 'bank_id', category_source: 'category_source' },
    key: { column: 'id', integer: true },
  },
  { phase: CHANGE_PHASES.transactionDelete, from: sql`deleted_transactions x`, columns: { id: 'id' }, key: { column: 'id', integer: true } },
  { phase: CHANGE_PHASES.bankDelete, from: sql`deleted_catalogue x`, columns: { key: 'key' }, key: { column: 'key', integer: false } },
  { phase: CHANGE_PHASES.categoryDelete, from: sql`deleted_catalogue x`, columns: { key: 'key' }, key: { column: 'key', integer: false } },
];

function selectList(source: PhaseSource): RawBuilder<unknown> {
  return sql.join(
    Object.entries(CHANGE_COLUMNS).map(([column, type]) => {
      const from = source.columns[column as ChangeColumn];
      return from === undefined ? sql`CAST(NULL AS ${sql.raw(type)}) AS ${sql.ref(column)}` : sql`${sql.ref(`x.${from}`)} AS ${sql.ref(column)}`;
    }),
  );
}

/** deleted_catalogue holds both kinds of tombstone. */
const TOMBSTONE_ENTITY: Partial<Record<number, string>> = { [CHANGE_PHASES.bankDelete]: 'bank', [CHANGE_PHASES.categoryDelete]: 'category' };

/**
 * The change feed (migration 0009): change tokens, feed entries, tombstones, and a page of
 * changes after a cursor. See docs/change-feed.md for why seq is commit order on both engines.
 */
export class ChangeFeedQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  nextToken(): CompiledQuery<{ tx: number }> {
    return this.quirks.nextChangeToken().compile(this.db);
  }

  /** What a write runs last, just before its commit: its feed entry (after the lock, where there is one). */
  append(tx: number): CompiledQuery[] {
    const lock = this.quirks.changeFeedLock?.();
    const insert = this.db.insertInto('change_feed').values({ tx }).compile();
    return lock ? [lock.compile(this.db), insert] : [insert];
  }

  /** A bank or category is gone: its tombstone carries the token of the write that removed it. */
  tombstone(entity: 'bank' | 'category', key: string, tx: number): CompiledQuery {
    return this.db
      .insertInto('deleted_catalogue')
      .values({ entity, key, change_tx: tx })
      .onConflict((oc) => oc.columns(['entity', 'key']).doUpdateSet({ change_tx: tx }))
      .compile();
  }

  /** The oldest cursor seq the feed can still serve exactly (deletions before it were purged). */
  purgedThrough(): CompiledQuery<{ purged_through: number }> {
    return this.db.selectFrom('change_feed_state').select('purged_through').compile();
  }

  /**
   * Up to `limit` changes after `cursor`, in (seq, phase, key) order, in one statement (one
   * snapshot). Each kind is read by its own arm: feed entries after the cursor in seq order, each
   * joined to the rows carrying its token by the (change_tx, key) index, so an arm stops after
   * `limit` rows however many entries or rows lie beyond. Within the cursor's own entry, the arm
   * of the cursor's kind starts after the cursor's key.
   */
  page(cursor: ChangeCursor, limit: number): CompiledQuery<ChangeRow> {
    const arms: RawBuilder<unknown>[] = [];
    const add = (source: PhaseSource, condition: RawBuilder<unknown>) => arms.push(this.arm(source, condition, limit, arms.length));
    for (const source of SOURCES) {
      if (source.phase < cursor.phase) add(source, sql`f.seq > ${cursor.seq}`);
      else if (source.phase > cursor.phase) add(source, sql`f.seq >= ${cursor.seq}`);
      else {
        arms.push(this.restOfEntry(source, cursor, limit, arms.length));
        add(source, sql`f.seq > ${cursor.seq}`);
      }
    }
    return sql<ChangeRow>`SELECT * FROM (${sql.join(arms, sql` UNION ALL `)}) AS changes ORDER BY seq, phase, id, ${sql.ref('key')} LIMIT ${limit}`.compile(this.db);
  }

  /**
   * The rest of the cursor's own entry, of the cursor's kind: the rows carrying the entry's token
   * after the cursor's key. No join, and ordered as the (change_tx, key) index is, so the index
   * is walked from the cursor and stops after `limit` rows. (Joined to the feed and ordered by
   * seq then key, SQLite read every row of the entry past the key and sorted them: an entry can
   * hold a million rows, such as every row from before the feed, token 0.)
   */
  private restOfEntry(source: PhaseSource, cursor: ChangeCursor, limit: number, index: number): RawBuilder<unknown> {
    const entity = TOMBSTONE_ENTITY[source.phase];
    const tombstone = entity === undefined ? sql`` : sql` AND x.entity = ${entity}`;
    const key = sql.ref(`x.${source.key.column}`);
    const after = source.key.integer ? Number(cursor.key) : String(cursor.key);
    return sql`SELECT * FROM (SELECT CAST(${cursor.seq} AS BIGINT) AS seq, ${sql.lit(source.phase)} AS phase, ${selectList(source)}
      FROM ${source.from}
      WHERE x.change_tx = (SELECT tx FROM change_feed WHERE seq = ${cursor.seq}) AND ${key} > ${after}${tombstone}
      ORDER BY x.change_tx, ${key} LIMIT ${limit}) AS ${sql.ref(`arm${index}`)}`;
  }

  private arm(source: PhaseSource, condition: RawBuilder<unknown>, limit: number, index: number): RawBuilder<unknown> {
    const entity = TOMBSTONE_ENTITY[source.phase];
    const tombstone = entity === undefined ? sql`` : sql` AND x.entity = ${entity}`;
    return sql`SELECT * FROM (SELECT f.seq AS seq, ${sql.lit(source.phase)} AS phase, ${selectList(source)}
      FROM change_feed f JOIN ${source.from} ON x.change_tx = f.tx
      WHERE ${condition}${tombstone} ORDER BY f.seq, ${sql.ref(`x.${source.key.column}`)} LIMIT ${limit}) AS ${sql.ref(`arm${index}`)}`;
  }
}
