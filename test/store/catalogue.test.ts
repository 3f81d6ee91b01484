import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine } from '../support/engines.js';

/** Banks a and b; rows 1 (a, Food) and 2 (b, Food); rule 1 names Food and bank a. */
async function seeded(store: Store): Promise<Store> {
  for (const id of ['a', 'b']) await store.catalogue.addBank({ id, name: id.toUpperCase(), aggregatorId: null });
  await store.transactions.create({ date: '2024-01-01', description: 'one', value: -1, category: 'Food', bank: 'a' });
  await store.transactions.create({ date: '2024-01-02', description: 'two', value: -2, category: 'Food', bank: 'b' });
  await store.rules.add({ category: 'Food', descriptionContains: 'one', descriptionMatches: null, minValue: null, maxValue: null, bank: 'a', priority: 0 });
  return store;
}

const snapshot = async (store: Store) => ({
  banks: await store.catalogue.listBanks(),
  categories: await store.catalogue.listCategories(),
  rules: await store.rules.list(),
  rows: (await store.transactions.list({ sort: [], limit: 10, offset: 0 })).rows,
});

describeEachEngine('catalogue repository', ({ freshStore }) => {
  it('reports what keeps a bank and changes nothing until the plan answers for it', async () => {
    const store = await seeded(await freshStore());
    const before = await snapshot(store);
    assert.deepEqual(await store.catalogue.removeBankWith('a', { deletedAt: 0 }), { status: 'in-use', transactions: 1, rules: [1] });
    assert.deepEqual(await store.catalogue.removeBankWith('a', { transactions: 'trash', deletedAt: 0 }), { status: 'in-use', transactions: 1, rules: [1] });
    assert.deepEqual(await store.catalogue.removeBankWith('a', { transactions: 'move', rules: 'retarget', moveTo: 'zz', deletedAt: 0 }), { status: 'unknown-target' });
    assert.deepEqual(await store.catalogue.removeBankWith('zz', { deletedAt: 0 }), { status: 'missing' });
    assert.deepEqual(await snapshot(store), before);
    assert.deepEqual(await store.catalogue.removeBankWith('a', { transactions: 'move', rules: 'remove', moveTo: 'b', deletedAt: 0 }), {
      status: 'removed',
      moved: 1,
      trashed: 0,
      rulesRemoved: [1],
      rulesRetargeted: [],
    });
    assert.deepEqual(await store.rules.list(), []);
  });

  it('renames onto a taken name or merges from a missing one without changing anything', async () => {
    const store = await seeded(await freshStore());
    await store.catalogue.createCategory({ name: 'Other', group: 'G' });
    assert.equal(await store.catalogue.createCategory({ name: 'Other', group: null }), false);
    const before = await snapshot(store);
    assert.deepEqual(await store.catalogue.updateCategory('Food', { name: 'Other' }), { status: 'name-taken' });
    assert.deepEqual(await store.catalogue.updateCategory('Nope', { group: null }), { status: 'missing' });
    assert.deepEqual(await store.catalogue.mergeCategories(['Food', 'Nope'], 'Other'), { status: 'missing', name: 'Nope' });
    assert.deepEqual(await store.catalogue.removeCategoryWith('Food', { uncategorise: false, rules: 'remove' }), { status: 'in-use', transactions: 2, rules: [1] });
    assert.deepEqual(await snapshot(store), before);
    assert.deepEqual(await store.catalogue.mergeCategories(['Food'], 'Other'), { status: 'merged', into: { name: 'Other', group: 'G' }, transactions: 2, rules: [1] });
  });

  it('groups: made only new, renamed only onto a free name, removed only when they exist', async () => {
    const store = await seeded(await freshStore());
    assert.deepEqual(await store.catalogue.createCategoryGroup('G', ['Food', 'New']), { status: 'done', categories: ['Food', 'New'] });
    assert.deepEqual(await store.catalogue.createCategoryGroup('G', ['X']), { status: 'exists' });
    await store.catalogue.createCategoryGroup('H', ['Y']);
    assert.deepEqual(await store.catalogue.renameCategoryGroup('G', 'H'), { status: 'exists' });
    assert.deepEqual(await store.catalogue.renameCategoryGroup('Q', 'R'), { status: 'missing' });
    assert.deepEqual(await store.catalogue.removeCategoryGroup('H'), { status: 'done', categories: ['Y'] });
    assert.deepEqual(await store.catalogue.removeCategoryGroup('H'), { status: 'missing' });
  });
});
