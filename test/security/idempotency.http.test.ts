import assert from 'node:assert/strict';
import { it } from 'node:test';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const tx = { date: '2024-03-01', description: 'RENT MARCH', value: -950, category: 'Housing' };
const key = (value: string) => ({ 'idempotency-key': value });
const count = async (app: Awaited<ReturnType<typeof buildTestApp>>) => Number((await call(app, 'GET', '/transactions?limit=0')).headers['x-total-count']);

describeEachEngine('Security: Idempotency-Key on POST /transactions', ({ freshStore }) => {
  it('a retry with the same key and body returns the first response and creates nothing', async () => {
    const app = await buildTestApp(await freshStore());
    const first = await call(app, 'POST', '/transactions', tx, key('k-1'));
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    // Same body, other property order and spacing: still the same request.
    const reordered = `{ "value": -950, "category": "Housing", "description": "RENT MARCH", "date": "2024-03-01" }`;
    const retry = await call(app, 'POST', '/transactions', reordered, { ...key('k-1'), 'content-type': 'application/json' });
    assert.equal(retry.status, 201);
    assert.equal(retry.text, first.text);
    assert.equal(retry.headers.location, first.headers.location);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(await count(app), 1);
    // Without a key, the same body is a new transaction.
    assert.equal((await call(app, 'POST', '/transactions', tx)).status, 201);
    assert.equal(await count(app), 2);
  });

  it('a response stored under a key is byte for byte what the same POST without a key answers (but its id)', async () => {
    const app = await buildTestApp(await freshStore());
    for (const body of [tx, { date: '2024-03-02', description: 'Café "x"', value: 0.1 + 0.2 }, { ...tx, category: undefined }]) {
      const plain = await call(app, 'POST', '/transactions', body);
      const plainId = (plain.body as { id: number }).id;
      const keyed = await call(app, 'POST', '/transactions', body, key(`order-${plainId}`));
      const keyedId = (keyed.body as { id: number }).id;
      assert.equal(keyed.text.replace(`"id":${keyedId}`, '"id":ID'), plain.text.replace(`"id":${plainId}`, '"id":ID'));
    }
  });

  it('the replay is the first response even after the transaction changed', async () => {
    const app = await buildTestApp(await freshStore());
    const first = await call(app, 'POST', '/transactions', tx, key('k-2'));
    await call(app, 'PUT', String(first.headers.location), { category: 'Other' });
    const retry = await call(app, 'POST', '/transactions', tx, key('k-2'));
    assert.deepEqual(retry.body, first.body);
  });

  it('the same key with a different body is 409 and creates nothing', async () => {
    const app = await buildTestApp(await freshStore());
    assert.equal((await call(app, 'POST', '/transactions', tx, key('k-3'))).status, 201);
    const conflict = await call(app, 'POST', '/transactions', { ...tx, value: -951 }, key('k-3'));
    assert.equal(conflict.status, 409);
    assert.deepEqual((conflict.body as { errors: unknown }).errors, [
      { in: 'header', name: 'Idempotency-Key', message: 'was already used with a different body' },
    ]);
    assert.equal(await count(app), 1);
  });

  it('concurrent requests with one key create one transaction and all get its response', async () => {
    const app = await buildTestApp(await freshStore());
    const responses = await Promise.all(Array.from({ length: 8 }, () => call(app, 'POST', '/transactions', tx, key('k-4'))));
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([201]));
    assert.equal(new Set(responses.map((r) => r.text)).size, 1);
    assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 7);
    assert.equal(await count(app), 1);
  });

  it('a failed creation (unknown bank) keeps no key: the corrected retry is not a conflict', async () => {
    const app = await buildTestApp(await freshStore());
    assert.equal((await call(app, 'POST', '/transactions', { ...tx, bank: 'nope' }, key('k-5'))).status, 400);
    assert.equal((await call(app, 'POST', '/transactions', tx, key('k-5'))).status, 201);
    assert.equal(await count(app), 1);
  });

  it('keys expire after 24 hours', async () => {
    let now = Date.UTC(2024, 0, 1);
    const app = await buildTestApp(await freshStore(), { now: () => now });
    assert.equal((await call(app, 'POST', '/transactions', tx, key('k-6'))).status, 201);
    now += 24 * 60 * 60 * 1000 - 1;
    assert.equal((await call(app, 'POST', '/transactions', tx, key('k-6'))).headers['idempotent-replayed'], 'true');
    now += 2;
    const fresh = await call(app, 'POST', '/transactions', { ...tx, value: 1 }, key('k-6'));
    assert.equal(fresh.status, 201);
    assert.equal(fresh.headers['idempotent-replayed'], undefined);
    assert.equal(await count(app), 2);
  });

  it('validates the header against the contract: 400 naming it', async () => {
    const app = await buildTestApp(await freshStore());
    for (const bad of ['', 'has space', 'x'.repeat(256), 'caf\u00e9']) {
      const response = await call(app, 'POST', '/transactions', tx, key(bad));
      assert.equal(response.status, 400, JSON.stringify(bad));
      const errors = (response.body as { errors: { in: string; name: string }[] }).errors;
      assert.deepEqual(errors.map((e) => [e.in, e.name]), [['header', 'Idempotency-Key']], JSON.stringify(bad));
    }
    assert.equal(await count(app), 0);
  });
}, { setups: EVERY_SETUP });
