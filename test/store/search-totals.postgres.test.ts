/**
 * PostgreSQL remembers search totals per process (postgres/search-totals.ts). Another process's
 * write, committed or still committing, must never leave a stale total: each worker of
 * `moneta serve` has its own store, so two stores on one database stand for two workers.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SearchTotals } from '../../src/store/postgres/search-totals.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

describe('search totals across processes [postgres]', async () => {
  const skip = await postgresSkipReason();

  it('a search being counted is waited for, not counted again, until the horizon moves', async () => {
    const totals = new SearchTotals();
    assert.equal(totals.get('k', 5), undefined);
    let finish: (total: number) => void = () => {};
    totals.counting('k', 5, new Promise<number>((resolve) => (finish = resolve)));
    const waiting = totals.runningCount('k', 5);
    assert.ok(waiting, 'a second request finds the count running');
    assert.equal(totals.runningCount('other', 5), undefined);
    finish(42);
    assert.equal(await waiting, 42);
    totals.set('k', 5, 42);
    assert.equal(totals.get('k', 5), 42);
    totals.counting('f', 5, Promise.reject(new Error('statement timeout')));
    await assert.rejects(totals.runningCount('f', 5) ?? Promise.resolve(0), 'a failed count is not a total');
    assert.equal(totals.get('k', 6), undefined, 'a newer horizon forgets totals');
    totals.counting('k', 6, new Promise<number>(() => {}));
    assert.equal(totals.get('k', 5), undefined, 'an older horizon is never served');
    assert.equal(totals.runningCount('k', 5), undefined);
    totals.set('k', 5, 1);
    assert.equal(totals.get('k', 6), undefined, 'a total counted under an older horizon is not kept');
  });
  it("a worker's cached search total follows another worker's writes", { skip }, async () => {
    const database = await createTestDatabase();
    const reader = new PostgresStore({ url: database.url });
    await reader.lifecycle.migrate();
    const writer = new PostgresStore({ url: database.url });
    after(async () => {
      await reader.lifecycle.close();
      await writer.lifecycle.close();
      await database.drop();
    });
    const total = async (needle: string) => (await reader.transactions.list({ sort: [], limit: 1, offset: 0, descriptionContains: needle })).total;
    for (let n = 0; n < 5; n += 1) await writer.transactions.create({ date: '2024-01-01', description: `mango ${n}`, value: n });
    assert.equal(await total('ma'), 5);
    assert.equal(await total('ma'), 5, 'served again (from the cache)');
    const created = await writer.transactions.create({ date: '2024-01-02', description: 'MAGIC', value: 1 });
    assert.equal(await total('ma'), 6, 'a create by the other worker');
    await writer.transactions.delete({ ids: [created.id] }, 1, { reason: 'request' });
    assert.equal(await total('ma'), 5, 'a delete by the other worker');
    await writer.trash.restore([created.id]);
    assert.equal(await total('ma'), 6, 'a restore by the other worker');
    await writer.transactions.delete({ filter: { descriptionContains: 'ma' } }, 2, { reason: 'request' });
    assert.equal(await total('ma'), 0, 'a delete by filter');
  });

  it('a write still committing when a total is counted does not leave that total behind', { skip }, async () => {
    const database = await createTestDatabase();
    const store = new PostgresStore({ url: database.url });
    await store.lifecycle.migrate();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    after(async () => {
      await store.lifecycle.close();
      await pool.end();
      await database.drop();
    });
    const total = async () => (await store.transactions.list({ sort: [], limit: 1, offset: 0, descriptionContains: 'ma' })).total;
    await store.transactions.create({ date: '2024-01-01', description: 'mango', value: 1 });
    assert.equal(await total(), 1);
    // Another process's write: a row and its feed entry, the seq taken, not committed yet.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ tx: string }>("SELECT nextval('change_tx_seq') AS tx");
      await client.query("INSERT INTO transactions (date, description, description_folded, value, change_tx) VALUES ('2024-01-02', 'MARS', 'mars', 2, $1)", [rows[0]?.tx]);
      await client.query('SELECT pg_advisory_xact_lock_shared(7301008)');
      await client.query('INSERT INTO change_feed (tx) VALUES ($1)', [rows[0]?.tx]);
      const counting = total();
      // The count waits for the write (the horizon's barrier), however long it takes to commit.
      for (let attempt = 0; attempt < 5000; attempt += 1) {
        const waiting = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        if (Number(waiting.rows[0]?.n) === 1) break;
      }
      await client.query('COMMIT');
      assert.equal(await counting, 2);
      assert.equal(await total(), 2, 'and stays exact afterwards');
    } finally {
      client.release();
    }
  });
});
