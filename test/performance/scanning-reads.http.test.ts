/**
 * Reads that may scan the whole store (issue 28, item 15) go through the bounded read path: on
 * SQLite a read thread, under the statement time limit. Each is held at a barrier inside the read
 * thread (no sleeps): while it is held, GET /healthz is answered; with a small statement limit
 * the held read is answered 503 rather than waited for. A read run in the event loop never
 * reaches the barrier, and the test says so.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { ThreadBarrier } from '../../src/worker-threads.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';

const ROWS = 3000;
const TRASHED = 400;

/** The scanning reads of item 15, each as a request. */
const SCANNING_READS: ReadonlyArray<{ name: string; method: string; url: string; body?: unknown; ok: (response: JsonResponse) => void }> = [
  {
    name: 'GET /rules/suggestions',
    method: 'GET',
    url: '/rules/suggestions',
    ok: (response) => assert.ok((response.body as Array<{ category: string; covers: number }>).some((suggestion) => suggestion.category === 'Groceries' && suggestion.covers > 0)),
  },
  {
    name: 'GET /manage/trash at a deep offset',
    method: 'GET',
    url: `/manage/trash?offset=${TRASHED - 5}&limit=10`,
    ok: (response) => {
      assert.equal(response.headers['x-total-count'], String(TRASHED));
      assert.equal((response.body as unknown[]).length, 5);
    },
  },
  {
    name: 'a rule preview',
    method: 'POST',
    url: '/rules/preview',
    body: { rule: { descriptionContains: 'misc', category: 'Groceries' }, scope: 'uncategorised' },
    ok: (response) => assert.ok((response.body as { count: number }).count > 0),
  },
  {
    name: 'a bulk re-categorisation dry run',
    method: 'POST',
    url: '/manage/transactions/recategorise',
    body: { filter: { description: 'misc' }, category: 'Groceries', dryRun: true },
    ok: (response) => assert.ok((response.body as { changed: number }).changed > 0, response.text),
  },
  {
    name: 'a rule apply dry run',
    method: 'POST',
    url: '/rules/apply',
    body: { dryRun: true, scope: 'all' },
    ok: (response) => assert.equal((response.body as { dryRun: boolean }).dryRun, true),
  },
];

describe('Reads that scan go through the bounded read path (SQLite, read threads)', () => {
  let path = '';
  before(async () => {
    path = join(mkdtempSync(join(tmpdir(), 'moneta-scans-')), 'moneta.db');
    const store = new SqliteStore({ path });
    await store.lifecycle.migrate();
    await store.lifecycle.close();
    const file = new Database(path);
    file.exec(`INSERT INTO categories (name) VALUES ('Groceries'), ('Transport')`);
    // A third each: Tesco (Groceries), Uber (Transport), uncategorised Misc.
    file.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
      INSERT INTO transactions (date, description, description_folded, value, category)
      SELECT date('2024-01-01', '+' || (i % 300) || ' days'),
        CASE i % 3 WHEN 0 THEN 'TESCO STORE ' || i WHEN 1 THEN 'UBER TRIP ' || i ELSE 'MISC ' || i END,
        CASE i % 3 WHEN 0 THEN 'tesco store ' || i WHEN 1 THEN 'uber trip ' || i ELSE 'misc ' || i END,
        -(i / 100.0),
        CASE i % 3 WHEN 0 THEN 'Groceries' WHEN 1 THEN 'Transport' ELSE NULL END FROM n`);
    file.close();
    const app = await buildTestApp(new SqliteStore({ path }));
    const ids = Array.from({ length: TRASHED }, (_, index) => ROWS - index);
    assert.equal((await call(app, 'POST', '/manage/transactions/delete', { ids })).status, 200);
    await app.close();
  });

  /** The app around a store with one read thread that waits at `barrier` before each read. */
  async function appWith(barrier: ThreadBarrier, statementTimeoutMs: number): Promise<FastifyInstance> {
    const store = new SqliteStore({ path, readThreads: 1, statementTimeoutMs, readBarriers: { readBarrier: barrier.buffer } });
    after(() => store.lifecycle.close());
    return buildTestApp(store);
  }

  /** Sends the read and resolves once it is held at the barrier; fails if it is answered without reaching it. */
  async function heldAtBarrier(app: FastifyInstance, barrier: ThreadBarrier, read: (typeof SCANNING_READS)[number]): Promise<{ answer: Promise<JsonResponse> }> {
    const arrivals = barrier.arrivals;
    const answer = call(app, read.method, read.url, read.body);
    const answeredFirst = answer.then((response) => `answered ${response.status} without a read on the read thread`);
    const outcome = await Promise.race([barrier.arrived(arrivals + 1).then(() => 'held'), answeredFirst]);
    assert.equal(outcome, 'held', `${read.name} was read in the event loop`);
    return { answer };
  }

  it('answers /healthz while each scanning read is held on the read thread', { timeout: 120_000 }, async () => {
    const barrier = new ThreadBarrier();
    const app = await appWith(barrier, 60_000);
    for (const read of SCANNING_READS) {
      barrier.shut();
      const { answer } = await heldAtBarrier(app, barrier, read);
      let done = false;
      void answer.finally(() => (done = true));
      const health = await call(app, 'GET', '/healthz');
      assert.equal(health.status, 200, `/healthz beside ${read.name}`);
      assert.equal(done, false, `${read.name} was answered before /healthz`);
      barrier.open();
      const response = await answer;
      assert.equal(response.status, 200, `${read.name}: ${response.text}`);
      read.ok(response);
    }
  });

  it('answers 503 with Retry-After when a scanning read is not done within the statement time limit', { timeout: 120_000 }, async () => {
    for (const read of SCANNING_READS) {
      const barrier = new ThreadBarrier();
      try {
        const app = await appWith(barrier, 200);
        const refused = await (await heldAtBarrier(app, barrier, read)).answer;
        assert.equal(refused.status, 503, `${read.name}: ${refused.text}`);
        assert.equal(refused.headers['retry-after'], '1');
        assert.match(String((refused.body as { detail: string }).detail), /statement time limit \(200 ms\)/);
      } finally {
        barrier.open();
      }
    }
  });
});
