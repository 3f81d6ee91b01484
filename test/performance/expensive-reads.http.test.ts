/**
 * One expensive read must not stall the requests beside it (SQLite, real sockets): a page that
 * sorts the whole table is read on a read thread, while GET /transactions/:id is answered in the
 * event loop; a page not read within the statement time limit gets 503 with Retry-After.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp } from '../support/app.js';
import { request } from '../support/spawned-server.js';

const ROWS = 200_000;
/** Legal, and at this size far from cheap: every row matches, all are sorted, nearly all skipped. */
const EXPENSIVE = `/transactions?description=%20&sort=date,description&offset=${ROWS - 100}`;

describe('Expensive list requests (SQLite, read threads)', () => {
  let path = '';
  before(async () => {
    path = join(mkdtempSync(join(tmpdir(), 'moneta-expensive-')), 'moneta.db');
    const store = new SqliteStore({ path });
    await store.lifecycle.migrate();
    await store.lifecycle.close();
    const file = new Database(path);
    file.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
      INSERT INTO transactions (date, description, description_folded, value)
      SELECT date('2020-01-01', '+' || (i * 7919 % 1800) || ' days'), 'SHOP ' || (i * 104729 % ${ROWS}), 'shop ' || (i * 104729 % ${ROWS}), i / 100.0 FROM n`);
    file.close();
  });

  /** The app on a real port around a store reading pages on one read thread; `started` fires when a page read begins. */
  async function serve(statementTimeoutMs: number): Promise<{ url: string; started: Promise<void> }> {
    const store = new SqliteStore({ path, readThreads: 1, statementTimeoutMs });
    after(() => store.lifecycle.close());
    let signal: () => void = () => {};
    const started = new Promise<void>((resolve) => (signal = resolve));
    const transactions: Store['transactions'] = {
      ...store.transactions,
      page: (query) => {
        signal();
        return store.transactions.page(query);
      },
    };
    const observed = new Proxy(store, {
      get: (target, property, receiver) => (property === 'transactions' ? transactions : (Reflect.get(target, property, receiver) as unknown)),
    });
    // No event-loop-delay shedding: only the statement time limit may refuse here.
    const app = await buildTestApp(observed, { security: { limits: { maxEventLoopDelayMs: 0 } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, started };
  }

  it('answers GET /transactions/1 while an expensive page is still being read', { timeout: 120_000 }, async () => {
    const { url, started } = await serve(60_000);
    let expensiveDone = false;
    const expensive = request(url, 'GET', EXPENSIVE, undefined, 60_000).finally(() => (expensiveDone = true));
    await started;
    const cheap = await request(url, 'GET', '/transactions/1');
    assert.equal(cheap.status, 200);
    assert.equal(expensiveDone, false, 'the cheap request waited for the expensive one');
    const page = await expensive;
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-total-count'), String(ROWS));
    assert.equal((page.body as unknown[]).length, 100);
  });

  it('answers 503 with Retry-After when the page is not read within the statement time limit', { timeout: 120_000 }, async () => {
    const { url } = await serve(100);
    const refused = await request(url, 'GET', EXPENSIVE, undefined, 60_000);
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '1');
    assert.match(String((refused.body as { detail: string }).detail), /statement time limit \(100 ms\)/);
    // The event loop was never blocked, and pages an index bounds are still read in it.
    assert.equal((await request(url, 'GET', '/transactions/1')).status, 200);
    assert.equal((await request(url, 'GET', '/transactions?limit=5')).status, 200);
  });
});
