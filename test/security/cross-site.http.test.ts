import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { TokensService } from '../../src/services/tokens.service.js';
import { buildTestApp } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const CSV = 'Date,Description,Amount\n2024-03-01,SHOP,-12.00\n';
const tx = JSON.stringify({ date: '2024-03-01', description: 'COFFEE', value: -3.5 });

async function total(app: FastifyInstance): Promise<string> {
  return String((await app.inject({ method: 'GET', url: '/transactions?limit=0' })).headers['x-total-count']);
}

async function send(app: FastifyInstance, method: 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: string) {
  const response = await app.inject({ method, url, headers, payload });
  const body = response.body === '' ? undefined : (JSON.parse(response.body) as { errors?: { in: string; name: string }[] });
  return { status: response.statusCode, names: (body?.errors ?? []).map((error) => `${error.in} ${error.name}`), body };
}

describeEachEngine('Security: cross-site writes (issue 28 item 14)', ({ freshStore }) => {
  it('refuses a write another site or origin sent, naming the header, and changes nothing', async () => {
    const app = await buildTestApp(await freshStore());
    const json = { 'content-type': 'application/json' };
    for (const [headers, name] of [
      [{ ...json, 'sec-fetch-site': 'cross-site' }, 'header sec-fetch-site'],
      [{ ...json, 'sec-fetch-site': 'same-site' }, 'header sec-fetch-site'],
      [{ ...json, origin: 'http://evil.example' }, 'header origin'],
      [{ ...json, origin: 'http://localhost:9999' }, 'header origin'],
      [{ ...json, origin: 'null' }, 'header origin'],
    ] as const) {
      const refused = await send(app, 'POST', '/transactions', headers, tx);
      assert.deepEqual([refused.status, refused.names], [403, [name]], JSON.stringify(headers));
    }
    assert.equal(await total(app), '0');
  });

  it('accepts its own pages, programs and configured CORS origins', async () => {
    const app = await buildTestApp(await freshStore(), { security: { corsOrigins: ['https://app.example'] } });
    const json = { 'content-type': 'application/json' };
    for (const headers of [
      json,
      { ...json, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
      { ...json, 'sec-fetch-site': 'none' },
      { ...json, 'sec-fetch-site': 'cross-site', origin: 'https://app.example' },
    ]) {
      assert.equal((await send(app, 'POST', '/transactions', headers, tx)).status, 201, JSON.stringify(headers));
    }
  });

  it('refuses a write whose Content-Type a form could send, or none, without a token: 400 naming content-type', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'TEXT/PLAIN; charset=utf-8']) {
      const refused = await send(app, 'POST', '/imports?bank=ing&fileName=a.csv', { 'content-type': type }, CSV);
      assert.deepEqual([refused.status, refused.names], [400, ['header content-type']], type);
    }
    const imported = await send(app, 'POST', '/imports?bank=ing&fileName=a.csv', { 'content-type': 'text/csv' }, CSV);
    assert.equal(imported.status, 200);
    // A bodiless write: no Content-Type is refused; application/json with no body is what clients send.
    assert.deepEqual((await send(app, 'POST', '/imports/1/undo', {})).names, ['header content-type']);
    assert.equal(await total(app), '1', 'nothing undone');
    assert.equal((await send(app, 'POST', '/imports/1/undo', { 'content-type': 'application/json' })).status, 200);
  });

  it('with a token, the Authorization header alone marks a write as not forged', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
    const { token } = await new TokensService(store).create('laptop', { readOnly: false });
    const auth = { authorization: `Bearer ${token}` };
    assert.equal((await send(app, 'POST', '/imports?bank=ing&fileName=a.sta', { ...auth, 'content-type': 'text/plain' }, CSV)).status, 200);
    assert.equal((await send(app, 'POST', '/imports/1/undo', auth)).status, 200);
    // ...but not from another site.
    assert.equal((await send(app, 'POST', '/imports/1/undo', { ...auth, 'sec-fetch-site': 'cross-site' })).status, 403);
  });

  it('PUT, PATCH and DELETE need no Content-Type: browsers preflight them across origins', async () => {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    const app = await buildTestApp(store);
    assert.equal((await send(app, 'DELETE', '/manage/banks/ing', {})).status, 200);
  });

  it('an unknown path or method is still a 404 or a 405', async () => {
    const app = await buildTestApp(await freshStore());
    assert.equal((await send(app, 'POST', '/nowhere', {})).status, 404);
    assert.equal((await send(app, 'DELETE', '/transactions', {})).status, 405);
  });
});
