/**
 * On a served store, an import's write transaction runs on a thread of its own (issue 28, item 16:
 * each batch's statements and the commit of a large file held every request for up to about a
 * second in the event loop). The import is held on its thread right before COMMIT (a barrier, no
 * sleeps): meanwhile /healthz and a page are answered, and the page does not see its rows; then
 * it commits whole, is answered, and can be undone. A commit in the event loop never reaches the
 * barrier, and the test says so.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { importThreadTesting } from '../../src/store/sqlite/import-transaction.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { ThreadBarrier } from '../../src/worker-threads.js';
import { buildTestApp, call } from '../support/app.js';

const ROWS = 50;
const CSV = ['Date,Description,Amount', ...Array.from({ length: ROWS }, (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},-${i + 1}.25`)].join('\n') + '\n';
const BAD_CSV = `${CSV}2024-02-30,Impossible,-1.00\n`;

describe('an import on a served SQLite store writes on a thread of its own', () => {
  let barrier: ThreadBarrier | undefined;
  let store: SqliteStore | undefined;
  afterEach(async () => {
    barrier?.open();
    importThreadTesting.commitBarrier = undefined;
    await store?.lifecycle.close();
  });

  async function served() {
    store = new SqliteStore({ path: join(mkdtempSync(join(tmpdir(), 'moneta-import-thread-')), 'moneta.db'), writer: 'thread' });
    await store.lifecycle.migrate();
    await store.catalogue.addBank({ id: 'bank', name: 'Bank', aggregatorId: null });
    return buildTestApp(store);
  }

  it('answers /healthz and a page while the import is held before its commit; then it lands whole and can be undone', { timeout: 120_000 }, async () => {
    const app = await served();
    barrier = new ThreadBarrier();
    importThreadTesting.commitBarrier = barrier.buffer;

    let answered = false;
    const imported = call(app, 'POST', '/imports?bank=bank&fileName=a.csv', CSV, { 'content-type': 'text/csv' });
    void imported.finally(() => (answered = true));
    const first = await Promise.race([barrier.arrived().then(() => 'held'), imported.then((response) => `answered ${response.status} first`)]);
    assert.equal(first, 'held', 'the import committed in the event loop');

    assert.equal((await call(app, 'GET', '/healthz')).status, 200);
    assert.equal((await call(app, 'GET', '/transactions?limit=5')).status, 204, 'an uncommitted import is not seen');
    assert.equal(answered, false, 'the import was answered before it committed');

    barrier.open();
    const response = await imported;
    assert.equal(response.status, 200, response.text);
    const report = response.body as { added: number; outcome: string; importId: number };
    assert.equal(report.outcome, 'imported');
    assert.equal(report.added, ROWS);
    assert.equal((await call(app, 'GET', '/transactions?limit=1000')).headers['x-total-count'], String(ROWS));

    const undo = await call(app, 'POST', `/imports/${report.importId}/undo`);
    assert.equal(undo.status, 200, undo.text);
    assert.equal((undo.body as { deleted: number }).deleted, ROWS);
    assert.equal((await call(app, 'GET', '/transactions?limit=5')).status, 204);
  });

  it('leaves nothing of a rejected file, and imports the next one', { timeout: 120_000 }, async () => {
    const app = await served();
    const rejected = await call(app, 'POST', '/imports?bank=bank&fileName=bad.csv', BAD_CSV, { 'content-type': 'text/csv' });
    assert.equal((rejected.body as { outcome: string }).outcome, 'rejected', rejected.text);
    assert.equal((await call(app, 'GET', '/transactions?limit=5')).status, 204);
    const imported = await call(app, 'POST', '/imports?bank=bank&fileName=a.csv', CSV, { 'content-type': 'text/csv' });
    assert.equal((imported.body as { added: number }).added, ROWS, imported.text);
  });
});
