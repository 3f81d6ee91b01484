import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TokensService } from '../../src/services/tokens.service.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const tx = { date: '2024-03-01', description: 'COFFEE', value: -3.5 };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachEngine('Security: API tokens', ({ freshStore }) => {
  it('with no token the API is open exactly as before', async () => {
    const app = await buildTestApp(await freshStore());
    assert.equal((await call(app, 'POST', '/transactions', tx)).status, 201);
    const list = await call(app, 'GET', '/transactions');
    assert.equal(list.status, 200);
    assert.equal(list.headers['www-authenticate'], undefined);
  });

  it('once a token exists: 401 with WWW-Authenticate and a JSON error without one or with a wrong one; 2xx with it', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
    const { token } = await new TokensService(store).create('laptop', { readOnly: false });
    assert.match(token, /^moneta_[A-Za-z0-9_-]{43}$/);

    const missing = await call(app, 'GET', '/transactions');
    assert.equal(missing.status, 401);
    assert.equal(missing.headers['www-authenticate'], 'Bearer realm="moneta"');
    assert.match(String(missing.headers['content-type']), /^application\/json/);
    assert.deepEqual((missing.body as { errors: unknown }).errors, [{ in: 'header', name: 'authorization', message: 'is required' }]);
    assert.equal((missing.body as { type: string }).type, 'urn:moneta:problem:unauthorized');
    assert.equal((missing.body as { requestId: string }).requestId, missing.headers['x-request-id']);

    for (const header of [`Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${Buffer.from(`u:${token}`).toString('base64')}`, token]) {
      const wrong = await call(app, 'POST', '/transactions', tx, { authorization: header });
      assert.equal(wrong.status, 401, header);
      assert.equal(wrong.headers['www-authenticate'], 'Bearer realm="moneta", error="invalid_token"');
      assert.equal((wrong.body as { status: number }).status, 401);
    }
    const created = await call(app, 'POST', '/transactions', tx, bearer(token));
    assert.equal(created.status, 201);
    assert.equal((await call(app, 'GET', '/transactions', undefined, { authorization: `bearer ${token}` })).status, 200);
    // Nothing was written by the refused requests.
    assert.equal((await store.transactions.list({ sort: [], limit: 10, offset: 0 })).total, 1);
  });

  it('stores only the SHA-256 of the token', async () => {
    const store = await freshStore();
    const { token } = await new TokensService(store).create('ci', { readOnly: true });
    const [stored] = await store.tokens.list();
    assert.equal(stored?.name, 'ci');
    assert.equal(stored?.readOnly, true);
    assert.notEqual(stored?.hash, token);
    assert.ok(!JSON.stringify(stored).includes(token.slice(7)));
    assert.match(stored?.hash ?? '', /^[0-9a-f]{64}$/);
  });

  it('a read-only token reads but gets 403 on every write', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
    const { token } = await new TokensService(store).create('dashboard', { readOnly: true });
    assert.equal((await call(app, 'GET', '/transactions', undefined, bearer(token))).status, 204);
    const post = await call(app, 'POST', '/transactions', tx, bearer(token));
    assert.equal(post.status, 403);
    assert.equal((post.body as { type: string }).type, 'urn:moneta:problem:forbidden');
    assert.deepEqual((post.body as { errors: unknown }).errors, [{ in: 'header', name: 'authorization', message: 'is a read-only token' }]);
    assert.equal((await call(app, 'PUT', '/transactions/1', { category: 'x' }, bearer(token))).status, 403);
    assert.equal((await store.transactions.list({ sort: [], limit: 10, offset: 0 })).total, 0);
  });

  it('/healthz, /openapi.json and /docs stay open for probes and the docs page', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
    await new TokensService(store).create('laptop', { readOnly: false });
    assert.equal((await call(app, 'GET', '/healthz')).status, 200);
    assert.equal((await call(app, 'GET', '/openapi.json')).status, 200);
    assert.equal((await call(app, 'GET', '/banks')).status, 401);
    assert.equal((await call(app, 'GET', '/healthz/../banks')).status, 401);
  });

  it('a token created or revoked after start takes effect once the cache time has passed, without restart', async () => {
    const store = await freshStore();
    let now = 1_000_000;
    const app = await buildTestApp(store, { security: { tokenCacheMs: 100 }, now: () => now });
    const tokens = new TokensService(store);
    assert.equal((await call(app, 'GET', '/banks')).status, 204);
    const { token } = await tokens.create('phone', { readOnly: false });
    // Within the cache time the list read before is reused: still open.
    now += 99;
    assert.equal((await call(app, 'GET', '/banks')).status, 204);
    now += 1;
    assert.equal((await call(app, 'GET', '/banks')).status, 401);
    assert.equal((await call(app, 'GET', '/banks', undefined, bearer(token))).status, 204);
    await tokens.create('other', { readOnly: false });
    await tokens.revoke('phone');
    assert.equal((await call(app, 'GET', '/banks', undefined, bearer(token))).status, 204, 'the cached list still holds it');
    now += 100;
    const revoked = await call(app, 'GET', '/banks', undefined, bearer(token));
    assert.equal(revoked.status, 401);
    assert.equal(revoked.headers['www-authenticate'], 'Bearer realm="moneta", error="invalid_token"');
  });

  it('refuses a duplicate name and revoking an unknown one', async () => {
    const tokens = new TokensService(await freshStore());
    await tokens.create('a', { readOnly: false });
    await assert.rejects(tokens.create('a', { readOnly: true }), /exists already/);
    await assert.rejects(tokens.revoke('b'), /no token is named "b"/);
    await assert.rejects(tokens.create('bad name', { readOnly: true }), /must be 1-64 characters/);
  });

  it('a network-facing server whose every token was revoked lets nothing in', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0, requireToken: true, allowedHosts: false } });
    const response = await call(app, 'GET', '/banks');
    assert.equal(response.status, 401);
    assert.match((response.body as { detail: string }).detail, /moneta tokens create/);
  });
});
