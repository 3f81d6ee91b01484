import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';

async function memoryStore(): Promise<Store> {
  const store = new SqliteStore({ path: ':memory:' });
  await store.lifecycle.migrate();
  after(() => store.lifecycle.close());
  return store;
}
const tx = { date: '2024-03-01', description: 'COFFEE', value: -3.5 };

describe('Security: Host allowlist (DNS rebinding)', () => {
  it('accepts the loopback names and configured ones, refuses any other Host with a JSON 403', async () => {
    const app = await buildTestApp(await memoryStore(), { security: { allowedHosts: ['moneta.lan'] } });
    for (const host of ['localhost', '127.0.0.1:80', '[::1]', 'LOCALHOST', 'moneta.lan', 'moneta.lan:8443']) {
      assert.equal((await call(app, 'GET', '/banks', undefined, { host })).status, 204, host);
    }
    for (const host of ['evil.example', 'evil.example:80', '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.5']) {
      const response = await call(app, 'GET', '/healthz', undefined, { host });
      assert.equal(response.status, 403, host);
      assert.deepEqual((response.body as { errors: unknown }).errors, [{ in: 'header', name: 'host', message: 'is not an allowed host name' }]);
    }
  });

  it('is off when disabled (a network-facing server without configured names)', async () => {
    const app = await buildTestApp(await memoryStore(), { security: { allowedHosts: false } });
    assert.equal((await call(app, 'GET', '/banks', undefined, { host: '192.168.1.20:8080' })).status, 204);
  });
});

describe('Security: CORS', () => {
  it('sends no CORS header unless origins are configured', async () => {
    const app = await buildTestApp(await memoryStore());
    const response = await call(app, 'GET', '/transactions', undefined, { origin: 'https://app.example' });
    assert.equal(response.headers['access-control-allow-origin'], undefined);
    const preflight = await call(app, 'OPTIONS', '/transactions', undefined, { origin: 'https://app.example', 'access-control-request-method': 'POST' });
    assert.equal(preflight.headers['access-control-allow-origin'], undefined);
    assert.notEqual(preflight.status, 204);
  });

  it('allows configured origins, exposes X-Total-Count, answers preflights; other origins get nothing', async () => {
    const app = await buildTestApp(await memoryStore(), { security: { corsOrigins: ['https://app.example'] } });
    const response = await call(app, 'GET', '/transactions', undefined, { origin: 'https://app.example' });
    assert.equal(response.headers['access-control-allow-origin'], 'https://app.example');
    assert.match(String(response.headers['access-control-expose-headers']), /X-Total-Count/);
    const preflight = await call(app, 'OPTIONS', '/transactions', undefined, {
      origin: 'https://app.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    });
    assert.equal(preflight.status, 204);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Idempotency-Key/);
    const other = await call(app, 'GET', '/transactions', undefined, { origin: 'https://evil.example' });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    // Unknown paths are still 404, not swallowed by a catch-all OPTIONS route.
    assert.equal((await call(app, 'GET', '/nope')).status, 404);
  });
});

describe('Security: resource limits', () => {
  it('413 in the JSON error shape for a body over the limit', async () => {
    const app = await buildTestApp(await memoryStore(), { bodyLimit: 64 * 1024 });
    const big = JSON.stringify({ ...tx, description: 'x'.repeat(70 * 1024) });
    const response = await call(app, 'POST', '/transactions', big, { 'content-type': 'application/json' });
    assert.equal(response.status, 413);
    assert.equal((response.body as { type: string }).type, 'urn:moneta:problem:payload-too-large');
  });

  it('414 for a URL over the limit, while a 1000-character 4-byte-UTF-8 filter still fits', async () => {
    const app = await buildTestApp(await memoryStore());
    const filter = encodeURIComponent('\u{1F600}'.repeat(1000));
    assert.equal((await call(app, 'GET', `/transactions?description=${filter}`)).status, 204);
    const response = await call(app, 'GET', `/transactions?description=${'a'.repeat(15 * 1024)}`);
    assert.equal(response.status, 414);
    assert.equal((response.body as { title: string }).title, 'URI too long');
  });

  it('429 with Retry-After once a client exceeds the rate limit', async () => {
    const app = await buildTestApp(await memoryStore(), { security: { limits: { rateLimit: { max: 3, windowMs: 60_000 } } } });
    for (let i = 0; i < 3; i += 1) assert.equal((await call(app, 'GET', '/banks')).status, 204);
    const limited = await call(app, 'GET', '/banks');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1, String(limited.headers['retry-after']));
    assert.equal((limited.body as { type: string }).type, 'urn:moneta:problem:too-many-requests');
    assert.equal((limited.body as { requestId: string }).requestId, limited.headers['x-request-id']);
  });

  it('503 with Retry-After instead of queueing when too many requests are in flight', async () => {
    const store = await memoryStore();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => {};
    const reached = new Promise<void>((resolve) => (entered = resolve));
    // A store that hangs on reads: the first request occupies the only slot.
    const slow = new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'catalogue') return { ...target.catalogue, listBanks: async () => (entered(), await gate, target.catalogue.listBanks()) };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const app = await buildTestApp(slow, { security: { limits: { maxInFlight: 1 } } });
    const first = call(app, 'GET', '/banks');
    // The first request holds the slot once it has reached the store.
    await reached;
    const refused = await call(app, 'GET', '/banks');
    assert.equal(refused.status, 503);
    assert.equal(refused.headers['retry-after'], '1');
    assert.equal((refused.body as { type: string }).type, 'urn:moneta:problem:unavailable');
    release();
    assert.equal((await first).status, 204);
    // The slot is free again.
    assert.equal((await call(app, 'GET', '/banks')).status, 204);
  });
});
