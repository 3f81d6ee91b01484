/**
 * PostgreSQL hands out sequence values in the order writers ask, not the order they commit. The
 * change feed never lets a reader pass an entry still committing (docs/change-feed.md): writers
 * append under a SHARED lock and never wait on each other; a reader's horizon takes the lock
 * exclusively, so it waits for every writer between append and commit, whatever order they
 * commit in; and 200 concurrent creates, with a reader replaying the feed, all succeed and all
 * reach the reader.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { FEED_START, type ChangeCursor } from '../../src/domain/change-feed.js';
import { postgresQuirks } from '../../src/store/postgres/postgres-quirks.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Database } from '../../src/store/engine/schema.js';
import { StoreQueries } from '../../src/store/writes.js';
import { served } from '../support/change-pages.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

async function migratedDatabase() {
  const database = await createTestDatabase();
  const store = new PostgresStore({ url: database.url });
  await store.lifecycle.migrate();
  await store.lifecycle.close();
  return database;
}

/** Polls pg_locks from another connection (no timer) until `count` advisory lock requests wait. */
async function waitForWaiters(pool: pg.Pool, count: number): Promise<boolean> {
  for (let attempt = 0; attempt < 5000; attempt += 1) {
    const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
    if (Number(rows[0]?.n) === count) return true;
  }
  return false;
}

describe('change feed commit order [postgres]', async () => {
  const skip = await postgresSkipReason();

  it('writers append without waiting for each other; a reader horizon waits for both, committed in reverse order', { skip }, async () => {
    const database = await migratedDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    // The pool closes before its database is dropped.
    after(async () => {
      await pool.end();
      await database.drop();
    });
    const feed = new StoreQueries(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresQuirks).changes;
    const run = async (client: pg.PoolClient, tx: number) => {
      for (const statement of feed.append(tx)) await client.query(statement.sql, statement.parameters as unknown[]);
    };
    const horizonQuery = feed.horizon();
    assert.ok(horizonQuery, 'PostgreSQL has a horizon');
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await run(first, 101);
      // Shared: the second append is granted while the first is still open.
      await run(second, 102);
      const seqs = await pool.query<{ n: string }>('SELECT count(*) AS n FROM change_feed');
      assert.equal(Number(seqs.rows[0]?.n), 1, 'neither entry is visible yet');
      let horizon: number | undefined;
      const reading = pool.query<{ horizon: string }>(horizonQuery.sql, horizonQuery.parameters as unknown[]).then(({ rows }) => {
        horizon = Number(rows[0]?.horizon);
      });
      assert.ok(await waitForWaiters(pool, 1), 'the horizon waits for the writers in flight');
      // The later entry commits first: a reader must still not pass the earlier one.
      await second.query('COMMIT');
      assert.ok(await waitForWaiters(pool, 1), 'still waiting: the first entry has not committed');
      assert.equal(horizon, undefined);
      await first.query('COMMIT');
      await reading;
      const { rows } = await pool.query<{ seq: string; tx: string }>('SELECT seq, tx FROM change_feed WHERE tx > 0 ORDER BY seq');
      assert.deepEqual(rows.map((row) => Number(row.tx)), [101, 102]);
      assert.equal(horizon, Number(rows[1]?.seq), 'the horizon covers both, once both committed');
    } finally {
      first.release();
      second.release();
    }
  });

  it('a reader never passes a create still committing when a later one committed first', { skip }, async () => {
    const database = await migratedDatabase();
    const store = new PostgresStore({ url: database.url, poolMax: 4 });
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    after(async () => {
      await store.lifecycle.close();
      await pool.end();
      await database.drop();
    });
    const feed = new StoreQueries(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresQuirks).changes;
    const slow = await pool.connect();
    try {
      // A write that has appended its entry (the lower seq) but not committed yet.
      await slow.query('BEGIN');
      const token = await slow.query<{ tx: string }>("SELECT nextval('change_tx_seq') AS tx");
      const tx = Number(token.rows[0]?.tx);
      const slowRow = await slow.query<{ id: string }>(
        "INSERT INTO transactions (date, description, description_folded, value, change_tx) VALUES ('2024-01-01', 'slow', 'slow', 1, $1) RETURNING id",
        [tx],
      );
      for (const statement of feed.append(tx)) await slow.query(statement.sql, statement.parameters as unknown[]);
      // A later write appends after it and commits first.
      const fast = await store.transactions.create({ date: '2024-01-02', description: 'fast', value: 2 });
      const reading = store.changes.after(FEED_START, 100);
      assert.ok(await waitForWaiters(pool, 1), 'the reader waits for the write in flight');
      await slow.query('COMMIT');
      const page = served(await reading);
      const ids = page.changes.flatMap((change) => (change.type === 'transaction' && change.op === 'put' ? [change.transaction.id] : []));
      assert.deepEqual(ids, [Number(slowRow.rows[0]?.id), fast.id], 'both, in seq order');
    } finally {
      slow.release();
    }
  });

  it('200 concurrent creates all succeed, and a reader replaying the feed meanwhile misses none', { skip }, async () => {
    const database = await migratedDatabase();
    const store = new PostgresStore({ url: database.url, poolMax: 10 });
    after(async () => {
      await store.lifecycle.close();
      await database.drop();
    });
    const seen = new Set<number>();
    let cursor: ChangeCursor = FEED_START;
    const follow = async () => {
      for (;;) {
        const page = served(await store.changes.after(cursor, 5));
        assert.ok(page);
        for (const change of page.changes) if (change.type === 'transaction' && change.op === 'put') seen.add(change.transaction.id);
        cursor = page.next;
        if (!page.more) return;
      }
    };
    let writing = true;
    const reader = (async () => {
      while (writing) await follow();
    })();
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, n) => store.transactions.create({ date: '2024-01-01', description: `row ${n}`, value: n })),
    );
    writing = false;
    await reader;
    await follow();
    assert.equal(created.length, 200);
    assert.deepEqual([...seen].sort((a, b) => a - b), created.map((row) => row.id).sort((a, b) => a - b), 'every create reached the reader');
  });
});
