/**
 * The app tests build is the app `moneta serve` runs: buildApp (src/app.ts) is the one place
 * where services are wired, the rule resolver included, so a rule categorises a transaction
 * created over HTTP through buildTestApp exactly as through the server.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

describeEachEngine('HTTP composition', ({ freshStore }) => {
  it('a rule created over HTTP categorises a transaction POSTed without a category, with its source', async () => {
    const app = await buildTestApp(await freshStore());
    const rule = await call(app, 'POST', '/rules', { category: 'Groceries', descriptionContains: 'rewe' });
    assert.equal(rule.status, 201, rule.text);
    const ruleId = (rule.body as { id: number }).id;

    const created = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'REWE Köln', value: -12.5 });
    assert.equal(created.status, 201, created.text);
    const id = (created.body as { id: number }).id;

    const read = await call(app, 'GET', `/transactions/${id}`);
    assert.equal(read.status, 200, read.text);
    const body = read.body as { category: string | null; categorySource?: string | null };
    assert.deepEqual([body.category, body.categorySource], ['Groceries', `rule:${ruleId}`]);
  });
});
