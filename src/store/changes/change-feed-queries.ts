import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { ChangeCursor, LAST_CHANGE_PHASE } from '../../domain/change-feed.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import type { Database } from '../engine/schema.js';

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
  account_id: number | string | null;
  status: string | null;
  split: number | null;
  account_type: string | null;
  currency: string | null;
  iban: string | null;
  account_number: string | null;
  opening_balance: number | null;
  opening_date: string | null;
  closed_on: string | null;
  reconciled_on: string | null;
  reconciled_balance: number | null;
  outflow_id: number | string | null;
  inflow_id: number | string | null;
}

/** change_feed_state with the feed's last seq (ChangeFeedQueries.feedState). */
export interface FeedStateRow {
  purged_through: number | string;
  store_id: string;
  epoch: string;
  last_seq: number | string | null;
}

/**
 * A row of the change feed page as JSON (ChangeFeedQueries.jsonPage), read as an array
 * (EngineAccess.arrays): what orders the change, and its text as the listChanges route's
 * serialiser writes it (numbers aside: see transactionsJsonArray). `id` is the key of kinds keyed
 * by an integer (transactions), `key` that of kinds keyed by text (banks, categories); the other
 * is null. The SELECT lists the columns in this order.
 */
export type ChangeJsonRow = [seq: number | string, phase: number | string, id: number | string | null, key: string | null, json: string];

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
  // Accounts came later (migration 0019): their numbers follow, so cursors given out before keep
  // their meaning. An account is created in a change of its own before rows can be put in it.
  accountPut: 7,
  accountDelete: 8,
  // Transfers (migration 0021): links between rows, after the rows they link.
  transferPut: 9,
  transferDelete: 10,
} as const satisfies Record<string, number> & { transferDelete: typeof LAST_CHANGE_PHASE };

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
  account_id: 'BIGINT',
  status: 'TEXT',
  split: 'INTEGER',
  account_type: 'TEXT',
  currency: 'TEXT',
  iban: 'TEXT',
  account_number: 'TEXT',
  opening_balance: 'DOUBLE PRECISION',
  opening_date: 'TEXT',
  closed_on: 'TEXT',
  reconciled_on: 'TEXT',
  reconciled_balance: 'DOUBLE PRECISION',
  outflow_id: 'BIGINT',
  inflow_id: 'BIGINT',
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
    columns: {
      id: 'id',
      date: 'date',
      description: 'description',
      value: 'value',
      category: 'category',
      bank_id: 'bank_id',
      category_source: 'category_source',
      account_id: 'account_id',
      status: 'status',
      split: 'split',
    },
    key: { column: 'id', integer: true },
  },
  { phase: CHANGE_PHASES.transactionDelete, from: sql`deleted_transactions x`, columns: { id: 'id' }, key: { column: 'id', integer: true } },
  { phase: CHANGE_PHASES.bankDelete, from: sql`deleted_catalogue x`, columns: { key: 'key' }, key: { column: 'key', integer: false } },
  { phase: CHANGE_PHASES.categoryDelete, from: sql`deleted_catalogue x`, columns: { key: 'key' }, key: { column: 'key', integer: false } },
  {
    phase: CHANGE_PHASES.accountPut,
    from: sql`accounts x`,
    columns: {
      id: 'id',
      name: 'name',
      account_type: 'type',
      currency: 'currency',
      bank_id: 'bank_id',
      iban: 'iban',
      account_number: 'account_number',
      opening_balance: 'opening_balance',
      opening_date: 'opening_date',
      closed_on: 'closed_on',
      reconciled_on: 'reconciled_on',
      reconciled_balance: 'reconciled_balance',
    },
    key: { column: 'id', integer: true },
  },
  { phase: CHANGE_PHASES.accountDelete, from: sql`deleted_catalogue x`, columns: { key: 'key' }, key: { column: 'key', integer: false } },
  {
    phase: CHANGE_PHASES.transferPut,
    from: sql`transfers x`,
    columns: { id: 'id', status: 'status', outflow_id: 'outflow_id', inflow_id: 'inflow_id' },
    key: { column: 'id', integer: true },
  },
  { phase: CHANGE_PHASES.transferDelete, from: sql`deleted_catalogue x`, columns: { key: 'key' }, key: { column: 'key', integer: false } },
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
const TOMBSTONE_ENTITY: Partial<Record<number, string>> = {
  [CHANGE_PHASES.bankDelete]: 'bank',
  [CHANGE_PHASES.categoryDelete]: 'category',
  [CHANGE_PHASES.accountDelete]: 'account',
  [CHANGE_PHASES.transferDelete]: 'transfer',
};

/**
 * Where a tombstone's key lives while it exists. A bank or category removed and created again
 * keeps its tombstone, but its row now carries a later token (the creation could only commit
 * after the removal), so the row's put is its latest change: the tombstone is left out of every
 * page, and a replay from before the removal lists the thing once, as that put (issue 28).
 */
const LIVE_ROW: Partial<Record<number, RawBuilder<unknown>>> = {
  [CHANGE_PHASES.bankDelete]: sql`SELECT 1 FROM banks live WHERE live.id = x.key`,
  [CHANGE_PHASES.categoryDelete]: sql`SELECT 1 FROM categories live WHERE live.name = x.key`,
  // Account ids are never given again: a removed account does not come back.
  [CHANGE_PHASES.accountDelete]: sql`SELECT 1 WHERE 1 = 0`,
  // An undo puts an unlinked transfer back with its id.
  [CHANGE_PHASES.transferDelete]: sql`SELECT 1 FROM transfers live WHERE CAST(live.id AS TEXT) = x.key`,
};

/** The condition that picks one kind of tombstone, whose thing does not exist again; empty for other kinds. */
function tombstoneCondition(phase: number): RawBuilder<unknown> {
  const entity = TOMBSTONE_ENTITY[phase];
  const live = LIVE_ROW[phase];
  return entity === undefined || live === undefined ? sql`` : sql` AND x.entity = ${entity} AND NOT EXISTS (${live})`;
}

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

  /**
   * What a write runs last, just before its commit: its feed entry. Where there is a lock, one
   * statement takes it and then the entry's seq: the FROM's subquery (a volatile call, never
   * pulled up) yields its row, lock held, before the row's seq default is evaluated.
   */
  append(tx: number): CompiledQuery[] {
    const lock = this.quirks.changeFeedLock?.();
    if (!lock) return [this.db.insertInto('change_feed').values({ tx }).compile()];
    return [sql`INSERT INTO change_feed (tx) SELECT ${tx} FROM (${lock}) AS feed_lock`.compile(this.db)];
  }

  /** A bank or category is gone: its tombstone carries the token of the write that removed it. */
  tombstone(entity: 'bank' | 'category' | 'account' | 'transfer', key: string, tx: number): CompiledQuery {
    return this.db
      .insertInto('deleted_catalogue')
      .values({ entity, key, change_tx: tx })
      .onConflict((oc) => oc.columns(['entity', 'key']).doUpdateSet({ change_tx: tx }))
      .compile();
  }

  /** Where the engine has one (PostgreSQL): the seq a page may read up to (changeFeedHorizon). */
  horizon(): CompiledQuery<{ horizon: number | string | null }> | undefined {
    return this.quirks.changeFeedHorizon?.().compile(this.db);
  }

  /**
   * What a page's cursor is checked against (FeedState): the oldest cursor seq the feed can still
   * serve exactly (deletions before it were purged), the store's name and epoch (migration 0015),
   * and the feed's last seq (from the primary key's end).
   */
  feedState(): CompiledQuery<FeedStateRow> {
    return this.db
      .selectFrom('change_feed_state')
      .select((eb) => ['purged_through', 'store_id', 'epoch', eb.selectFrom('change_feed').select((inner) => inner.fn.max('seq').as('last')).as('last_seq')])
      .compile() as CompiledQuery<FeedStateRow>;
  }

  /**
   * Up to `limit` changes after `cursor`, in (seq, phase, key) order, in one statement (one
   * snapshot). Each kind is read by its own arm: feed entries after the cursor in seq order, each
   * joined to the rows carrying its token by the (change_tx, key) index, so an arm stops after
   * `limit` rows however many entries or rows lie beyond. Within the cursor's own entry, the arm
   * of the cursor's kind starts after the cursor's key. With `through`, no entry past that seq
   * (the horizon: entries above it may still be committing out of order).
   */
  page(cursor: ChangeCursor, limit: number, through?: number): CompiledQuery<ChangeRow> {
    return sql<ChangeRow>`SELECT * FROM (${this.arms(cursor, limit, through, selectList)}) AS changes ORDER BY seq, phase, id, ${sql.ref('key')} LIMIT ${limit}`.compile(this.db);
  }

  /** True where the engine writes a page's JSON (jsonPage, jsonArray). */
  get writesJson(): boolean {
    return this.quirks.changeJson !== undefined;
  }

  /** The JSON array of a jsonPage's texts, as the route's serialiser writes it (see DialectQuirks.changeJson). */
  jsonArray(texts: readonly string[]): string {
    if (!this.quirks.changeJson) throw new Error('this engine writes no change JSON');
    return this.quirks.changeJson.array(texts);
  }

  /**
   * The same page with each change written as JSON by the engine (where it can: writesJson,
   * SQLite), beside the columns that order it and make the next cursor.
   */
  jsonPage(cursor: ChangeCursor, limit: number, through?: number): CompiledQuery<ChangeJsonRow> {
    return sql<ChangeJsonRow>`SELECT * FROM (${this.arms(cursor, limit, through, this.jsonSelect())}) AS changes ORDER BY seq, phase, id, ${sql.ref('key')} LIMIT ${limit}`.compile(this.db);
  }

  /**
   * Up to `limit` changes of the rest of the cursor's own commit, of the cursor's kind, in key
   * order, alone: they come first in the page's order (a later kind of the same commit, or a
   * later commit, sorts after them), so when there are `limit` of them they are the page, read
   * from the (change_tx, key) index without uniting or sorting the other arms. Undefined for the
   * feed's start. As page(), or with each change as JSON (jsonPage).
   */
  ownEntryPage(cursor: ChangeCursor, limit: number): CompiledQuery<ChangeRow> | undefined {
    const source = SOURCES.find((candidate) => candidate.phase === cursor.phase);
    return source && sql<ChangeRow>`${this.restOfEntryRows(source, cursor, limit, selectList)}`.compile(this.db);
  }

  ownEntryJsonPage(cursor: ChangeCursor, limit: number): CompiledQuery<ChangeJsonRow> | undefined {
    const source = SOURCES.find((candidate) => candidate.phase === cursor.phase);
    return source && sql<ChangeJsonRow>`${this.restOfEntryRows(source, cursor, limit, this.jsonSelect())}`.compile(this.db);
  }

  /** The columns of a JSON page's row (ChangeJsonRow) for one kind of change. */
  private jsonSelect(): (source: PhaseSource) => RawBuilder<unknown> {
    const changeJson = this.quirks.changeJson?.of;
    if (!changeJson) throw new Error('this engine writes no change JSON');
    return (source) => {
      const id = source.key.integer ? sql`${sql.ref(`x.${source.key.column}`)}` : sql`CAST(NULL AS BIGINT)`;
      const key = source.key.integer ? sql`CAST(NULL AS TEXT)` : sql`${sql.ref(`x.${source.key.column}`)}`;
      return sql`${id} AS ${sql.ref('id')}, ${key} AS ${sql.ref('key')}, ${changeJson(source.phase)} AS ${sql.ref('json')}`;
    };
  }

  /** One arm per kind of change (and one more for the rest of the cursor's entry), united. */
  private arms(cursor: ChangeCursor, limit: number, through: number | undefined, select: (source: PhaseSource) => RawBuilder<unknown>): RawBuilder<unknown> {
    const arms: RawBuilder<unknown>[] = [];
    const bound = through === undefined ? sql`` : sql` AND f.seq <= ${through}`;
    const add = (source: PhaseSource, condition: RawBuilder<unknown>) => arms.push(this.arm(source, sql`${condition}${bound}`, limit, arms.length, select));
    for (const source of SOURCES) {
      if (source.phase < cursor.phase) add(source, sql`f.seq > ${cursor.seq}`);
      else if (source.phase > cursor.phase) add(source, sql`f.seq >= ${cursor.seq}`);
      else {
        arms.push(this.restOfEntry(source, cursor, limit, arms.length, select));
        add(source, sql`f.seq > ${cursor.seq}`);
      }
    }
    return sql.join(arms, sql` UNION ALL `);
  }

  /**
   * The rest of the cursor's own entry, of the cursor's kind: the rows carrying the entry's token
   * after the cursor's key. No join, and ordered as the (change_tx, key) index is, so the index
   * is walked from the cursor and stops after `limit` rows. (Joined to the feed and ordered by
   * seq then key, SQLite read every row of the entry past the key and sorted them: an entry can
   * hold a million rows, such as every row from before the feed, token 0.)
   */
  private restOfEntry(source: PhaseSource, cursor: ChangeCursor, limit: number, index: number, select: (source: PhaseSource) => RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`SELECT * FROM (${this.restOfEntryRows(source, cursor, limit, select)}) AS ${sql.ref(`arm${index}`)}`;
  }

  private restOfEntryRows(source: PhaseSource, cursor: ChangeCursor, limit: number, select: (source: PhaseSource) => RawBuilder<unknown>): RawBuilder<unknown> {
    const tombstone = tombstoneCondition(source.phase);
    const key = sql.ref(`x.${source.key.column}`);
    const after = source.key.integer ? Number(cursor.key) : String(cursor.key);
    return sql`SELECT CAST(${cursor.seq} AS BIGINT) AS seq, ${sql.lit(source.phase)} AS phase, ${select(source)}
      FROM ${source.from}
      WHERE x.change_tx = (SELECT tx FROM change_feed WHERE seq = ${cursor.seq}) AND ${key} > ${after}${tombstone}
      ORDER BY x.change_tx, ${key} LIMIT ${limit}`;
  }

  private arm(source: PhaseSource, condition: RawBuilder<unknown>, limit: number, index: number, select: (source: PhaseSource) => RawBuilder<unknown>): RawBuilder<unknown> {
    const tombstone = tombstoneCondition(source.phase);
    return sql`SELECT * FROM (SELECT f.seq AS seq, ${sql.lit(source.phase)} AS phase, ${select(source)}
      FROM change_feed f JOIN ${source.from} ON x.change_tx = f.tx
      WHERE ${condition}${tombstone} ORDER BY f.seq, ${sql.ref(`x.${source.key.column}`)} LIMIT ${limit}) AS ${sql.ref(`arm${index}`)}`;
  }
}
