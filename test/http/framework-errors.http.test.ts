import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { buildTestApp, call } from '../support/app.js';

/**
 * Errors Fastify's router raises before any route runs used to get Fastify's own body
 * (`{"error":"Bad Request","code":"FST_ERR_BAD_URL",...}` and a 414 for long parameters), without
 * a request id or the parameter's name. Found by the contract fuzzer (test/faults).
 */
describe('router-level errors get the contract Error body', () => {
  const cases: [url: string, name: string][] = [
    ['/banks/%ff', 'bankId'],
    ['/banks/%ED%A0%80', 'bankId'],
    ['/transactions/1%C3%28', 'transactionId'],
    [`/transactions/${'1'.repeat(3000)}`, 'transactionId'],
    ['/nowhere/%zz', 'url'],
  ];
  for (const [url, name] of cases) {
    it(`GET ${url.slice(0, 40)}: 400 naming ${name}, with a request id`, async () => {
      const store = new SqliteStore({ path: ':memory:' });
      await store.lifecycle.migrate();
      const app = await buildTestApp(store);
      const response = await call(app, 'GET', url);
      await store.lifecycle.close();
      assert.equal(response.status, 400, response.text);
      const body = response.body as { type: string; status: number; errors: { in: string; name: string }[]; requestId: string };
      assert.equal(body.type, 'urn:moneta:problem:invalid-request');
      assert.equal(body.status, 400);
      assert.deepEqual(body.errors.map((error) => [error.in, error.name]), [['path', name]]);
      assert.equal(response.headers['x-request-id'], body.requestId);
    });
  }
});
