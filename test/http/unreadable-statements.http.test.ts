// Statements the server cannot read are refused as the body's fault: a 400 problem naming
// `body` with one line that says why, and nothing written (the history neither).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { deeplyNested } from '../importers/nesting-samples.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const OCTETS = { 'content-type': 'application/octet-stream' };

async function setup(store: Store): Promise<FastifyInstance> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  return buildTestApp(store, { now: () => Date.UTC(2024, 5, 1) });
}

function assertRefused(response: JsonResponse, reason: RegExp): void {
  assert.equal(response.status, 400, response.text);
  const errors = (response.body as { errors: Array<{ in: string; name: string; message: string }> }).errors;
  assert.equal(errors.length, 1, response.text);
  assert.deepEqual([errors[0]?.in, errors[0]?.name], ['body', 'body']);
  assert.match(errors[0]?.message ?? '', reason);
  assert.doesNotMatch(errors[0]?.message ?? '', /\n/);
}

async function nothingWritten(app: FastifyInstance): Promise<void> {
  assert.equal((await call(app, 'GET', '/transactions')).status, 204);
  assert.equal((await call(app, 'GET', '/imports')).status, 204);
}

describeEachEngine('HTTP imports of statements that cannot be read', ({ freshStore }) => {
  it('refuses OFX and CAMT nested thousands deep with a 400 naming the body, not a 500', async () => {
    const app = await setup(await freshStore());
    for (const [name, text] of Object.entries(deeplyNested(5000)).filter(([key]) => key !== 'ok')) {
      const response = await call(app, 'POST', `/imports?bank=ing&fileName=${name}`, text, OCTETS);
      assertRefused(response, new RegExp(`^${name.replace('.', '\\.')} nests elements more than 100 deep`));
    }
    await nothingWritten(app);
  });
});
