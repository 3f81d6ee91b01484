/**
 * PostgreSQL hands out sequence values in the order writers ask, not the order they commit. The
 * change feed's seq must be commit order (docs/change-feed.md): a second writer appending its
 * entry waits until the first, which appended before it, has committed.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { postgresQuirks } from '../../src/store/postgres/postgres-quirks.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Database } from '../../src/store/schema.js';
import { StoreQueries } from '../../src/store/writes.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

describe('change feed commit order [postgres]', async () => {
  const skip = await postgresSkipReason();
  it('a feed entry appended second cannot commit, or even take its seq, before the first commits', { skip }, async () => {
    const database = await createTestDatabase();
    const store = new PostgresStore({ url: database.url });
    await store.lifecycle.migrate();
    await store.lifecycle.close();
    const pool = new pg.Pool({ connectionString: database.url, max: 3 });
    // The pool closes before its database is dropped.
    after(async () => {
      await pool.end();
      await database.drop();
    });
    const feed = new StoreQueries(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresQuirks).changes;
    const run = async (client: pg.PoolClient, tx: number) => {
      for (const statement of feed.append(tx)) await client.query(statement.sql, statement.parameters as unknown[]);
    };
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await run(first, 101);
      const secondDone = run(second, 102).then(async () => {
        await second.query('COMMIT');
        return 'appended';
      });
      // The second waits on the feed lock: seen from a third connection, without a timer.
      let waiting = false;
      for (let attempt = 0; attempt < 2000 && !waiting; attempt += 1) {
        const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        waiting = Number(rows[0]?.n) === 1;
      }
      assert.ok(waiting, 'the second append waits for the first to commit');
      const visible = await pool.query<{ tx: string }>('SELECT tx FROM change_feed WHERE tx > 0');
      assert.deepEqual(visible.rows, [], 'neither entry is visible yet');
      await first.query('COMMIT');
      assert.equal(await secondDone, 'appended');
      const { rows } = await pool.query<{ tx: string }>('SELECT tx FROM change_feed WHERE tx > 0 ORDER BY seq');
      assert.deepEqual(rows.map((row) => Number(row.tx)), [101, 102]);
    } finally {
      first.release();
      second.release();
    }
  });
});
