/**
 * The backup download of a PostgreSQL store is copied into its SQLite file on a thread of its own
 * (issue 28, item 15): two at once held the event loop for 2.4 s. The copy is held at a barrier
 * inside its thread (no sleeps): meanwhile GET /healthz and a page are answered; then the
 * download is a whole SQLite file. A copy made in the event loop never reaches the barrier.
 */
import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { postgresCopyTesting } from '../../src/store/copy/postgres-backup.js';
import { ThreadBarrier } from '../../src/worker-threads.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

describeEachEngine(
  'The backup download copies PostgreSQL off the event loop',
  ({ freshStore }) => {
    let barrier: ThreadBarrier | undefined;
    afterEach(() => {
      barrier?.open();
      postgresCopyTesting.barrier = undefined;
    });

    it('answers /healthz and a page while the backup copy is held in its thread', { timeout: 120_000 }, async () => {
      const app = await buildTestApp(await freshStore());
      assert.equal((await call(app, 'POST', '/manage/demo')).status, 201);
      barrier = new ThreadBarrier();
      postgresCopyTesting.barrier = barrier.buffer;

      let answered = false;
      const download = app.inject({ method: 'GET', url: '/manage/backup' });
      void download.finally(() => (answered = true));
      const first = await Promise.race([barrier.arrived().then(() => 'held'), download.then((response) => `answered ${response.statusCode} first`)]);
      assert.equal(first, 'held', 'the backup was copied in the event loop');

      assert.equal((await call(app, 'GET', '/healthz')).status, 200);
      assert.equal((await call(app, 'GET', '/transactions?limit=5')).status, 200);
      assert.equal(answered, false, 'the backup was answered before the others');

      barrier.open();
      const response = await download;
      assert.equal(response.statusCode, 200, response.body.slice(0, 500));
      assert.equal(response.rawPayload.subarray(0, 15).toString('latin1'), 'SQLite format 3');
    });
  },
  { setups: ['postgres'] },
);
