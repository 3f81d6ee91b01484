import assert from 'node:assert/strict';
import { it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/contract.gen.js';
import { describeEachEngine } from '../support/engines.js';
import { spawnServer } from '../support/spawned-server.js';

describeEachEngine('catalogue management through a generated client against moneta serve', ({ freshDbSetting }) => {
  it('creates, changes, merges and removes banks, categories and groups as the contract says', async () => {
    const server = await spawnServer(['--db', await freshDbSetting(), '--workers', '1']);
    const client = createClient<paths>({ baseUrl: server.baseUrl });

    const bank = await client.POST('/manage/banks', { body: { id: 'ing', name: 'ING' } });
    assert.equal(bank.response.status, 201);
    assert.equal(bank.response.headers.get('location'), '/banks/ing');
    assert.equal((await client.POST('/manage/banks', { body: { id: 'dkb', name: 'DKB' } })).response.status, 201);
    const renamed = await client.PATCH('/manage/banks/{bankId}', { params: { path: { bankId: 'ing' } }, body: { name: 'ING-DiBa' } });
    assert.deepEqual(renamed.data, { id: 'ing', name: 'ING-DiBa' });

    for (const body of [
      { date: '2024-01-01', description: 'REWE', value: -20, bank: 'ing', category: 'Groceries' },
      { date: '2024-01-02', description: 'Café Zentral', value: -4, bank: 'ing', category: 'Coffee' },
    ]) {
      assert.equal((await client.POST('/transactions', { body })).response.status, 201);
    }
    assert.equal((await client.POST('/rules', { body: { category: 'Coffee', descriptionContains: 'café', bank: 'ing' } })).response.status, 201);

    const category = await client.POST('/manage/categories', { body: { name: 'Rent', group: { name: 'Home' } } });
    assert.deepEqual(category.data, { name: 'Rent', group: { name: 'Home' } });
    const moved = await client.PATCH('/manage/categories/{categoryName}', {
      params: { path: { categoryName: 'Groceries' } },
      body: { name: 'Food shopping', group: { name: 'Food' } },
    });
    assert.deepEqual(moved.data, { name: 'Food shopping', group: { name: 'Food' } });
    const merged = await client.POST('/manage/categories/merge', { body: { from: ['Coffee'], into: 'Eating out' } });
    assert.deepEqual(merged.data, { into: { name: 'Eating out' }, transactions: 1, rules: [1] });

    const group = await client.POST('/manage/category-groups', { body: { name: 'Food', categories: ['Eating out'] } });
    assert.equal(group.response.status, 409, 'Food exists: Food shopping names it');
    const groups = await client.GET('/manage/category-groups');
    assert.deepEqual(groups.data, [
      { name: 'Food', categories: ['Food shopping'] },
      { name: 'Home', categories: ['Rent'] },
    ]);
    const regrouped = await client.PATCH('/manage/category-groups/{groupName}', { params: { path: { groupName: 'Food' } }, body: { name: 'Essen' } });
    assert.deepEqual(regrouped.data, { name: 'Essen', categories: ['Food shopping'] });
    const ungrouped = await client.DELETE('/manage/category-groups/{groupName}', { params: { path: { groupName: 'Home' } } });
    assert.deepEqual(ungrouped.data, { name: 'Home', categories: ['Rent'] });

    const refused = await client.DELETE('/manage/banks/{bankId}', { params: { path: { bankId: 'ing' }, query: { transactions: 'move' } } });
    assert.equal(refused.response.status, 400);
    assert.equal(refused.error?.errors[0]?.name, 'moveTo');
    const removed = await client.DELETE('/manage/banks/{bankId}', {
      params: { path: { bankId: 'ing' }, query: { transactions: 'move', moveTo: 'dkb', rules: 'retarget' } },
    });
    assert.deepEqual(removed.data, { id: 'ing', transactionsMoved: 2, transactionsTrashed: 0, rulesRemoved: [], rulesRetargeted: [1], moveTo: 'dkb' });
    const dropped = await client.DELETE('/manage/categories/{categoryName}', {
      params: { path: { categoryName: 'Eating out' }, query: { rules: 'retarget', rulesTo: 'Coffee' } },
    });
    assert.deepEqual(dropped.data, { name: 'Eating out', uncategorised: 1, rulesRemoved: [], rulesRetargeted: [1], rulesTo: 'Coffee' });

    const rows = await client.GET('/transactions');
    assert.deepEqual(
      rows.data?.map((row) => [row.id, row.bank, row.category ?? null]),
      [
        [1, 'dkb', 'Food shopping'],
        [2, 'dkb', null],
      ],
    );
    assert.deepEqual((await client.GET('/rules')).data?.map((rule) => [rule.id, rule.category, rule.bank]), [[1, 'Coffee', 'dkb']]);
    assert.equal(await server.stop(), 0, server.output.join('\n'));
  });
});
