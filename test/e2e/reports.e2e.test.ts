import assert from 'node:assert/strict';
import { it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/contract.gen.js';
import { describeEachEngine } from '../support/engines.js';
import { spawnServer } from '../support/spawned-server.js';

describeEachEngine('reports through a generated client against moneta serve', ({ freshDbSetting }) => {
  it('answers each report and the list filters as the contract says', async () => {
    const server = await spawnServer(['--db', await freshDbSetting(), '--workers', '1']);
    const client = createClient<paths>({ baseUrl: server.baseUrl });
    const rows = [
      { date: '2024-01-31', description: 'TESCO STORES 3297', value: 0.1, category: 'Food' },
      { date: '2024-02-01', description: 'Tesco Stores 1044', value: 0.2, category: 'Food' },
      { date: '2024-04-02', description: 'RENT GREYSTAR', value: -700 },
    ];
    for (const body of rows) assert.equal((await client.POST('/transactions', { body })).response.status, 201);

    const totals = await client.GET('/reports/totals', { params: { query: { from: '2024-01-01', to: '2024-03-31' } } });
    assert.deepEqual(totals.data, { count: 2, income: 0.3, expenses: 0, net: 0.3 });

    const categories = await client.GET('/reports/categories', { params: { query: { period: 'year' } } });
    assert.deepEqual(categories.data, {
      period: 'year',
      periods: [
        {
          period: '2024',
          start: '2024-01-01',
          end: '2024-12-31',
          categories: [
            { category: 'Food', count: 2, income: 0.3, expenses: 0, net: 0.3 },
            { count: 1, income: 0, expenses: -700, net: -700 },
          ],
          groups: [{ count: 3, income: 0.3, expenses: -700, net: -699.7 }],
        },
      ],
    });

    const cashflow = await client.GET('/reports/cashflow', { params: { query: { period: 'quarter', minValue: -1000, maxValue: 0 } } });
    assert.deepEqual(cashflow.data, { period: 'quarter', periods: [{ period: '2024-Q2', start: '2024-04-01', end: '2024-06-30', count: 1, income: 0, expenses: -700, net: -700 }] });

    const payees = await client.GET('/reports/payees', { params: { query: { description: 'tesco', limit: 5 } } });
    assert.deepEqual(payees.data, { payees: [{ payee: 'tesco stores', count: 2, income: 0.3, expenses: 0, net: 0.3 }] });

    const list = await client.GET('/transactions', { params: { query: { from: '2024-02-01', minValue: -700 } } });
    assert.equal(list.response.headers.get('x-total-count'), '2');
    assert.deepEqual(list.data?.map((row) => row.id), [2, 3]);

    const refused = await client.GET('/reports/totals', { params: { query: { from: '2024-02-01', to: '2024-01-01' } } });
    assert.equal(refused.response.status, 400);
    assert.equal(refused.error?.errors[0]?.name, 'from');
    assert.equal(await server.stop(), 0, server.output.join('\n'));
  });
});
