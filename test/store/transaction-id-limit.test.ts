import assert from 'node:assert/strict';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { openMigratedStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import { testPool } from '../support/postgres.js';

/**
 * Issue 14, item 6: ids above 2^53 − 1 came back rounded in the 201 body, in Location and in
 * GET, and a PUT to the returned Location changed another row. The sequence now stops at
 * 2^53 − 1 with a clear refusal (507), on both engines, whoever writes. Tested by starting the
 * sequence next to the edge.
 */
const LAST = 9007199254740991n;

/** Makes the next id handed out LAST - 1 (the store must not be open). */
async function startSequenceNearTheEdge(engine: string, setting: string): Promise<void> {
  if (engine === 'sqlite') {
    const db = new Database(setting);
    db.prepare(`DELETE FROM sqlite_sequence WHERE name = 'transactions'`).run();
    db.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('transactions', ?)`).run(LAST - 2n);
    db.close();
    return;
  }
  const pool = testPool(setting, 1);
  await pool.query(`ALTER TABLE transactions ALTER COLUMN id RESTART WITH ${LAST - 1n}`);
  await pool.end();
}

describeEachEngine('transaction ids stop at 2^53 - 1', ({ engine, freshDbSetting }) => {
  it('hands out ids up to 2^53 - 1 exactly, then refuses with 507 and writes nothing', async () => {
    const setting = await freshDbSetting();
    await (await openMigratedStore({ db: setting })).lifecycle.close();
    await startSequenceNearTheEdge(engine, setting);
    // As `moneta serve` runs SQLite: writes in the writer thread.
    const store: Store = await openMigratedStore({ db: setting, writer: 'thread' });
    try {
      // No overload check: on a loaded machine it would answer 503 for reasons of its own.
      const app = await buildTestApp(store, { security: { limits: { maxEventLoopDelayMs: 0 } } });
      const tx = { date: '2024-03-01', description: 'edge', value: 1 };
      for (const expected of [LAST - 1n, LAST]) {
        const created = await call(app, 'POST', '/transactions', tx);
        assert.equal(created.status, 201, created.text);
        // Read from the text: a JSON number parsed to a double would hide rounding.
        assert.equal(/"id":(\d+)/.exec(created.text)?.[1], String(expected));
        assert.equal(created.headers.location, `/transactions/${expected}`);
        const fetched = await call(app, 'GET', `/transactions/${expected}`);
        assert.equal(/"id":(\d+)/.exec(fetched.text)?.[1], String(expected));
      }
      const refused = await call(app, 'POST', '/transactions', tx);
      assert.equal(refused.status, 507, refused.text);
      assert.match((refused.body as { detail: string }).detail, /last transaction id \(9007199254740991/);
      assert.equal(refused.headers.location, undefined);
      const keyed = await call(app, 'POST', '/transactions', tx, { 'content-type': 'application/json', 'idempotency-key': 'edge-1' });
      assert.equal(keyed.status, 507, keyed.text);
      assert.equal((await call(app, 'GET', '/transactions?limit=0')).headers['x-total-count'], '2');
    } finally {
      await store.lifecycle.close();
    }
  });
});
