/**
 * A new rule applies to the next write after its creation is answered, on every worker (issue 28:
 * a cache let it reach POST /transactions up to a second late). Two apps, each with its own store
 * on one database, stand for two workers or two processes of `moneta serve`. Their clocks are
 * frozen: a cache trusted for a while would never look again, so the test does not depend on how
 * fast the machine is.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const FROZEN = () => Date.UTC(2026, 0, 1);

describeEachEngine('A new rule reaches POST /transactions at once', ({ engine, freshDbSetting }) => {
  async function workers(): Promise<{ one: FastifyInstance; two: FastifyInstance; close: () => Promise<void> }> {
    const db = await freshDbSetting();
    const open = (): Store => (engine === 'sqlite' ? new SqliteStore({ path: db }) : new PostgresStore({ url: db }));
    const first = open();
    await first.lifecycle.migrate();
    const second = open();
    const one = await buildTestApp(first, { now: FROZEN });
    const two = await buildTestApp(second, { now: FROZEN });
    return {
      one,
      two,
      close: async () => {
        await one.close();
        await two.close();
        await first.lifecycle.close();
        await second.lifecycle.close();
      },
    };
  }

  const post = async (app: FastifyInstance, description: string) => {
    const created = await call(app, 'POST', '/transactions', { date: '2024-02-01', description, value: -3 });
    assert.equal(created.status, 201, created.text);
    return (created.body as { category?: string; categorySource?: string }).category ?? null;
  };

  it('a rule created through one worker categorises the next POST through the other', async () => {
    const { one, two, close } = await workers();
    try {
      // The second worker has compiled its rules (none) and categorised with them.
      assert.equal(await post(two, 'SPOTIFY AB'), null);
      const rule = await call(one, 'POST', '/rules', { category: 'Music', descriptionContains: 'spotify' });
      assert.equal(rule.status, 201, rule.text);
      assert.equal(await post(two, 'SPOTIFY AB'), 'Music');
      // A change to it, and a removal, too.
      const id = (rule.body as { id: number }).id;
      assert.equal((await call(one, 'PATCH', `/rules/${id}`, { category: 'Streaming' })).status, 200);
      assert.equal(await post(two, 'SPOTIFY AB'), 'Streaming');
      assert.equal((await call(one, 'DELETE', `/rules/${id}`)).status, 204);
      assert.equal(await post(two, 'SPOTIFY AB'), null);
    } finally {
      await close();
    }
  });

  it('many POSTs at once through the other worker, right after the rule is answered, are all categorised', async () => {
    const { one, two, close } = await workers();
    try {
      assert.equal(await post(two, 'warm up'), null);
      // Writes in flight on the second worker while the rule is created through the first.
      const before = Array.from({ length: 20 }, (_, n) => post(two, `netflix ${n}`));
      assert.equal((await call(one, 'POST', '/rules', { category: 'Film', descriptionContains: 'netflix' })).status, 201);
      const after = await Promise.all(Array.from({ length: 20 }, (_, n) => post(two, `netflix after ${n}`)));
      assert.deepEqual(after, Array.from({ length: 20 }, () => 'Film'));
      // Those sent before may see it or not; each is one or the other.
      for (const category of await Promise.all(before)) assert.ok(category === null || category === 'Film');
    } finally {
      await close();
    }
  });
});
