import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TokensService } from '../../src/services/tokens.service.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const count = async (app: Awaited<ReturnType<typeof buildTestApp>>) => Number((await call(app, 'GET', '/transactions?limit=0')).headers['x-total-count']);

describeEachEngine(
  'POST /manage/demo (loadDemoData)',
  ({ freshStore }) => {
    it('loads the demo banks, categories and transactions into an empty store: 201 with the counts', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store);
      const loaded = await call(app, 'POST', '/manage/demo');
      assert.equal(loaded.status, 201, loaded.text);
      assert.deepEqual(loaded.body, { banks: 3, categories: 20, transactions: 2000 });
      assert.equal(await count(app), 2000);
      assert.equal((await store.catalogue.listBanks()).length, 3);
      assert.equal((await call(app, 'GET', '/categories')).status, 200);
    });

    it('answers 409 with a problem body and adds nothing once the store has a transaction', async () => {
      const app = await buildTestApp(await freshStore());
      assert.equal((await call(app, 'POST', '/transactions', { date: '2024-01-02', description: 'MINE', value: -1 })).status, 201);
      const refused = await call(app, 'POST', '/manage/demo');
      assert.equal(refused.status, 409);
      assert.equal((refused.body as { type: string }).type, 'urn:moneta:problem:conflict');
      assert.match((refused.body as { detail: string }).detail, /already has 1 transactions/);
      assert.equal(await count(app), 1);
      assert.equal((await call(app, 'GET', '/banks')).status, 204);
    });

    it('two loads at once: one 201, one 409, the demo data once', async () => {
      const app = await buildTestApp(await freshStore());
      const statuses = (await Promise.all([call(app, 'POST', '/manage/demo'), call(app, 'POST', '/manage/demo')])).map((r) => r.status).sort();
      assert.deepEqual(statuses, [201, 409]);
      assert.equal(await count(app), 2000);
    });

    it('is refused (403) to a read-only token and allowed to a full one', async () => {
      const store = await freshStore();
      const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
      const tokens = new TokensService(store);
      const readOnly = await tokens.create('phone', { readOnly: true });
      const full = await tokens.create('laptop', { readOnly: false });
      assert.equal((await call(app, 'POST', '/manage/demo')).status, 401);
      const refused = await call(app, 'POST', '/manage/demo', undefined, { authorization: `Bearer ${readOnly.token}` });
      assert.equal(refused.status, 403);
      assert.equal((await store.transactions.list({ sort: [], limit: 0, offset: 0 })).total, 0);
      assert.equal((await call(app, 'POST', '/manage/demo', undefined, { authorization: `Bearer ${full.token}` })).status, 201);
    });

    it('a method the path does not define gets 405 with Allow: POST', async () => {
      const app = await buildTestApp(await freshStore());
      const wrong = await call(app, 'GET', '/manage/demo');
      assert.equal(wrong.status, 405);
      assert.equal(wrong.headers.allow, 'POST');
    });
  },
  { setups: EVERY_SETUP },
);
