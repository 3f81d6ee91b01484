import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { LoadShedder, type DelaySampler } from '../../src/http/security/load-shedding.js';
import { buildTestApp, call } from '../support/app.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

/** A sampler that reads what the test last set: the event loop's delay over a window, in ms. */
function fakeSampler(): DelaySampler & { delay: number } {
  return { delay: 0, read() { return this.delay; }, close() {} };
}

describe('Load shedding on event-loop delay (issue 28 item 6)', () => {
  it('never acts on the first window, which holds the process\'s own start-up', () => {
    const sampler = fakeSampler();
    const shedder = new LoadShedder({ maxDelayMs: 1000, busyInFlight: 16, sampler });
    sampler.delay = 5000; // module loading, validator compilation
    shedder.update();
    assert.equal(shedder.refusal(500), null);
    sampler.delay = 5000;
    shedder.update();
    assert.match(shedder.refusal(500) ?? '', /5000 ms late with 500 requests in flight/);
  });

  it('refuses only while its own requests queue: a loop slowed by other processes serves its few requests', () => {
    const sampler = fakeSampler();
    const shedder = new LoadShedder({ maxDelayMs: 1000, busyInFlight: 16, sampler });
    shedder.update();
    sampler.delay = 1500;
    shedder.update();
    assert.equal(shedder.refusal(0), null, 'one request at a time (a conformance run) on a busy machine');
    assert.equal(shedder.refusal(15), null);
    assert.notEqual(shedder.refusal(16), null);
    sampler.delay = 999;
    shedder.update();
    assert.equal(shedder.refusal(400), null, 'a fast loop never sheds');
  });

  it('through the app: a fresh server under a loaded machine answers a person\'s writes', async () => {
    const sampler = fakeSampler();
    const store = new SqliteStore({ path: ':memory:' });
    await store.lifecycle.migrate();
    after(() => store.lifecycle.close());
    const app = await buildTestApp(store, { security: { delaySampler: sampler, limits: { maxEventLoopDelayMs: 1000 } } });
    sampler.delay = 3000;
    app.loadShedder?.update(); // start-up
    const post = await call(app, 'POST', '/transactions', { date: '2024-03-01', description: 'COFFEE', value: -3.5 });
    assert.equal(post.status, 201, post.text);
    app.loadShedder?.update(); // the machine is busy, this server is not
    assert.equal((await call(app, 'POST', '/transactions', { date: '2024-03-01', description: 'TEA', value: -2 })).status, 201);
    assert.equal((await call(app, 'GET', '/healthz')).status, 200);
  });
});
