/**
 * An XML statement (OFX, CAMT.053) is parsed on a worker thread (issue 28, item 16): a 95 MiB CAMT
 * held every request for 28 s when it was parsed in the event loop. The parse is held at a barrier
 * inside its thread (no sleeps): meanwhile GET /healthz and a list page are answered; then the
 * import finishes with the rows it always had. A parse run in the event loop never reaches the
 * barrier, and the test says so.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { afterEach, describe, it } from 'node:test';
import { xmlParseTesting } from '../../src/importers/xml-statement.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { ThreadBarrier } from '../../src/worker-threads.js';
import { fixture } from '../importers/statement-helpers.js';
import { buildTestApp, call } from '../support/app.js';

const STATEMENTS = [
  { file: 'camt053-v02.xml', contentType: 'application/xml' },
  { file: 'ofx1-charset-lies.ofx', contentType: 'application/x-ofx' },
];

describe('XML imports are parsed off the event loop', () => {
  let barrier: ThreadBarrier | undefined;
  afterEach(() => {
    barrier?.open();
    xmlParseTesting.barrier = undefined;
  });

  for (const { file, contentType } of STATEMENTS) {
    it(`answers /healthz and a page while ${file} is held in its parse`, { timeout: 120_000 }, async () => {
      const store = new SqliteStore({ path: ':memory:' });
      await store.lifecycle.migrate();
      await store.catalogue.addBank({ id: 'bank', name: 'Bank', aggregatorId: null });
      const app = await buildTestApp(store);
      barrier = new ThreadBarrier();
      xmlParseTesting.barrier = barrier.buffer;

      let answered = false;
      const imported = call(app, 'POST', `/imports?bank=bank&skipInvalid=true&fileName=${file}`, readFileSync(fixture(file)), { 'content-type': contentType });
      void imported.finally(() => (answered = true));
      const first = await Promise.race([barrier.arrived().then(() => 'held'), imported.then((response) => `answered ${response.status} first`)]);
      assert.equal(first, 'held', 'the statement was parsed in the event loop');

      assert.equal((await call(app, 'GET', '/healthz')).status, 200);
      assert.equal((await call(app, 'GET', '/transactions?limit=5')).status, 204);
      assert.equal(answered, false, 'the import was answered before the others');

      barrier.open();
      const response = await imported;
      assert.equal(response.status, 200, response.text);
      const report = response.body as { added: number; outcome: string };
      assert.equal(report.outcome, 'imported');
      assert.ok(report.added > 0);
      assert.equal((await call(app, 'GET', '/transactions?limit=1000')).headers['x-total-count'], String(report.added));
    });
  }
});
