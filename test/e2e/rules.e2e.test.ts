import assert from 'node:assert/strict';
import { it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/contract.gen.js';
import { withoutChange } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import { spawnServer } from '../support/spawned-server.js';

describeEachEngine('rules through a generated client against moneta serve', ({ freshDbSetting }) => {
  it('manages, orders, previews, applies and suggests rules as the contract says', async () => {
    const server = await spawnServer(['--db', await freshDbSetting(), '--workers', '1']);
    const client = createClient<paths>({ baseUrl: server.baseUrl });
    const rows = [
      { date: '2024-01-01', description: 'REWE Köln', value: -20 },
      { date: '2024-01-02', description: 'Rewe City', value: -10, category: 'Dining' },
      { date: '2024-01-03', description: 'ALDI SUED 1', value: -7, category: 'Groceries' },
      { date: '2024-01-04', description: 'ALDI SUED 2', value: -8, category: 'Groceries' },
      { date: '2024-01-05', description: 'ALDI SUED 3', value: -9, category: 'Groceries' },
    ];
    for (const body of rows) assert.equal((await client.POST('/transactions', { body })).response.status, 201);

    const created = await client.POST('/rules', { body: { category: 'Groceries', descriptionContains: 'rewe' } });
    assert.equal(created.response.status, 201);
    assert.deepEqual(created.data, { id: 1, category: 'Groceries', descriptionContains: 'rewe', priority: 0 });
    const small = await client.POST('/rules', { body: { category: 'Small', maxValue: -100 } });
    assert.equal(small.data?.id, 2);

    const updated = await client.PATCH('/rules/{ruleId}', { params: { path: { ruleId: 2 } }, body: { maxValue: null, minValue: 100 } });
    assert.deepEqual(updated.data, { id: 2, category: 'Small', minValue: 100, priority: 0 });
    const ordered = await client.PUT('/rules/order', { body: { ids: [2, 1] } });
    assert.deepEqual(ordered.data?.map((rule) => rule.id), [2, 1]);
    assert.deepEqual((await client.GET('/rules')).data?.map((rule) => rule.id), [2, 1]);

    const preview = await client.POST('/rules/preview', { body: { ruleId: 1 } });
    assert.deepEqual([preview.data?.count, preview.data?.transactions.map((row) => row.id)], [1, [1]]);
    const applied = await client.POST('/rules/apply', { body: { scope: 'all' } });
    assert.deepEqual(withoutChange(applied.data), {
      dryRun: false,
      examined: 1,
      changed: 1,
      rules: [
        { ruleId: 2, category: 'Small', changed: 0 },
        { ruleId: 1, category: 'Groceries', changed: 1 },
      ],
    });
    const one = await client.GET('/transactions/{transactionId}', { params: { path: { transactionId: 1 } } });
    assert.equal(one.data?.categorySource, 'rule:1');
    assert.equal((await client.GET('/transactions/{transactionId}', { params: { path: { transactionId: 2 } } })).data?.category, 'Dining');

    const suggestions = await client.GET('/rules/suggestions', { params: { query: { minRows: 3 } } });
    assert.ok(suggestions.data?.some((s) => s.descriptionContains === 'aldi' && s.category === 'Groceries'), JSON.stringify(suggestions.data));

    assert.equal((await client.DELETE('/rules/{ruleId}', { params: { path: { ruleId: 2 } } })).response.status, 204);
    const refused = await client.POST('/rules', { body: { category: 'Groceries' } });
    assert.equal(refused.response.status, 400);
    assert.equal(refused.error?.errors[0]?.name, 'category');
    assert.equal(await server.stop(), 0, server.output.join('\n'));
  });
});
