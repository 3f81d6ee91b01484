import assert from 'node:assert/strict';
import { it } from 'node:test';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionQuery } from '../../src/domain/transaction.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

const query = (overrides: Partial<TransactionQuery> = {}): TransactionQuery => ({ sort: [], limit: 100, offset: 0, ...overrides });

async function seed(store: Store) {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  await store.catalogue.addBank({ id: 'monzo', name: 'Monzo', aggregatorId: '3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f' });
  const rows = [
    { date: '2024-01-03', description: 'Café Müller', value: -3.5, category: 'Coffee', bank: 'ing' },
    { date: '2024-01-01', description: 'SALARY ACME', value: 2500.1, category: 'Salary', bank: 'monzo' },
    { date: '2024-01-02', description: '50% OFF_SALE \\ outlet', value: -19.99, category: null, bank: 'ing' },
    { date: '2024-01-02', description: 'CAFÉ BAR', value: 0.1, category: 'Coffee', bank: null },
    { date: '2024-01-05', description: 'straße market', value: -3.5, category: null, bank: null },
  ];
  const created = [];
  for (const row of rows) created.push(await store.transactions.create(row));
  return created;
}

describeEachEngine('Store', ({ freshStore }) => {
  it('assigns increasing ids and returns exactly what was stored', async () => {
    const store = await freshStore();
    const [a, b] = await seed(store);
    assert.ok(a && b && b.id > a.id);
    assert.deepEqual(await store.transactions.findById(a.id), a);
    assert.equal((await store.transactions.findById(b.id))?.value, 2500.1);
  });

  it('keeps values as exact doubles', async () => {
    const store = await freshStore();
    for (const value of [0.1, -0.3, 1e-300, 3.4028234663852886e38, 123456789.12345679, 5e-324]) {
      const created = await store.transactions.create({ date: '2024-01-01', description: 'x', value });
      assert.equal((await store.transactions.findById(created.id))?.value, value);
    }
  });

  it('returns null for ids that do not exist, including ids past 2^53', async () => {
    const store = await freshStore();
    await seed(store);
    assert.equal(await store.transactions.findById(999), null);
    assert.equal(await store.transactions.findById(9007199254740993n), null);
    assert.equal(await store.transactions.findById(9223372036854775807n), null);
  });

  it('never reuses ids', async () => {
    const store = await freshStore();
    const created = await seed(store);
    const next = await store.transactions.create({ date: '2024-02-01', description: 'later', value: 1 });
    assert.equal(next.id, Math.max(...created.map((row) => row.id)) + 1);
  });

  it('creates a missing category on write, without a group', async () => {
    const store = await freshStore();
    await seed(store);
    assert.deepEqual(
      (await store.catalogue.listCategories()).map((category) => [category.name, category.group]),
      [['Coffee', null], ['Salary', null]],
    );
  });

  it('refuses an unknown bank and stores nothing', async () => {
    const store = await freshStore();
    await assert.rejects(store.transactions.create({ date: '2024-01-01', description: 'x', value: 1, bank: 'nope', category: 'New' }), /bank/);
    assert.equal((await store.transactions.list(query())).total, 0);
    assert.deepEqual(await store.catalogue.listCategories(), []);
  });

  it('filters by category, uncategorised, bank and folded description, combined with AND', async () => {
    const store = await freshStore();
    await seed(store);
    const descriptions = async (q: Partial<TransactionQuery>) => (await store.transactions.list(query(q))).rows.map((row) => row.description);
    assert.deepEqual(await descriptions({ category: 'Coffee' }), ['Café Müller', 'CAFÉ BAR']);
    assert.deepEqual(await descriptions({ category: null }), ['50% OFF_SALE \\ outlet', 'straße market']);
    assert.deepEqual(await descriptions({ bank: 'ing' }), ['Café Müller', '50% OFF_SALE \\ outlet']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('café') }), ['Café Müller', 'CAFÉ BAR']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('STRASSE') }), ['straße market']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('50%') }), ['50% OFF_SALE \\ outlet']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('%') }), ['50% OFF_SALE \\ outlet']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('_') }), ['50% OFF_SALE \\ outlet']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('\\') }), ['50% OFF_SALE \\ outlet']);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('5_%') }), []);
    assert.deepEqual(await descriptions({ descriptionContains: foldForSearch('caf%') }), []);
    assert.deepEqual(await descriptions({ category: 'Coffee', bank: 'ing' }), ['Café Müller']);
    assert.deepEqual(await descriptions({ bank: 'unknown' }), []);
  });

  it('counts all matches before limit and offset', async () => {
    const store = await freshStore();
    await seed(store);
    const page = await store.transactions.list(query({ limit: 2, offset: 1 }));
    assert.equal(page.total, 5);
    assert.equal(page.rows.length, 2);
    const empty = await store.transactions.list(query({ limit: 0, category: 'Coffee' }));
    assert.deepEqual(empty, { total: 2, rows: [] });
    assert.deepEqual(await store.transactions.list(query({ offset: 50 })), { total: 5, rows: [] });
  });

  it('sorts by several keys, breaks ties by id, puts uncategorised last ascending and first descending', async () => {
    const store = await freshStore();
    const created = await seed(store);
    const ids = async (sort: TransactionQuery['sort']) => (await store.transactions.list(query({ sort }))).rows.map((row) => row.id);
    const [c1, s2, o3, b4, m5] = created.map((row) => row.id);
    assert.deepEqual(await ids([]), [c1, s2, o3, b4, m5]);
    assert.deepEqual(await ids([{ field: 'value', descending: false }]), [o3, c1, m5, b4, s2]);
    assert.deepEqual(await ids([{ field: 'date', descending: true }, { field: 'value', descending: false }]), [m5, c1, o3, b4, s2]);
    assert.deepEqual(await ids([{ field: 'category', descending: false }]), [c1, b4, s2, o3, m5]);
    assert.deepEqual(await ids([{ field: 'category', descending: true }]), [o3, m5, s2, c1, b4]);
    assert.deepEqual(await ids([{ field: 'description', descending: false }]), [o3, b4, c1, s2, m5]);
    assert.deepEqual(await ids([{ field: 'id', descending: true }]), [m5, b4, o3, s2, c1]);
  });

  it('re-categorises and clears a category; false for an unknown id', async () => {
    const store = await freshStore();
    const [first] = await seed(store);
    assert.ok(first);
    assert.equal(await store.transactions.setCategory(first.id, 'Treats'), true);
    assert.equal((await store.transactions.findById(first.id))?.category, 'Treats');
    assert.ok((await store.catalogue.listCategories()).some((category) => category.name === 'Treats'));
    assert.equal(await store.transactions.setCategory(first.id, null), true);
    assert.equal((await store.transactions.findById(first.id))?.category, null);
    assert.equal(await store.transactions.setCategory(12345, 'X'), false);
    assert.ok(!(await store.catalogue.listCategories()).some((category) => category.name === 'X'), 'no category is created for a missing transaction');
  });

  it('manages banks: add once, find, list by id, refuse removing one in use', async () => {
    const store = await freshStore();
    await seed(store);
    assert.equal(await store.catalogue.addBank({ id: 'ing', name: 'Again', aggregatorId: null }), false);
    assert.deepEqual(await store.catalogue.findBank('monzo'), { id: 'monzo', name: 'Monzo', aggregatorId: '3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f' });
    assert.equal(await store.catalogue.findBank('MONZO'), null);
    assert.deepEqual((await store.catalogue.listBanks()).map((bank) => bank.id), ['ing', 'monzo']);
    assert.deepEqual(await store.catalogue.removeBank('ing'), { status: 'in-use', transactions: 2 });
    await store.catalogue.addBank({ id: 'spare', name: 'Spare', aggregatorId: null });
    assert.deepEqual(await store.catalogue.removeBank('spare'), { status: 'removed' });
    assert.deepEqual(await store.catalogue.removeBank('spare'), { status: 'missing' });
  });

  it('manages categories: groups, ordering by group then name, forced removal uncategorises', async () => {
    const store = await freshStore();
    await seed(store);
    await store.catalogue.saveCategory({ name: 'Coffee', group: 'Food' });
    await store.catalogue.saveCategory({ name: 'Groceries', group: 'Food' });
    await store.catalogue.saveCategory({ name: 'Rent', group: 'Housing' });
    assert.deepEqual(
      (await store.catalogue.listCategories()).map((category) => [category.group, category.name]),
      [['Food', 'Coffee'], ['Food', 'Groceries'], ['Housing', 'Rent'], [null, 'Salary']],
    );
    assert.deepEqual(await store.catalogue.removeCategory('Coffee', { force: false }), { status: 'in-use', transactions: 2 });
    assert.deepEqual(await store.catalogue.removeCategory('Coffee', { force: true }), { status: 'removed' });
    assert.equal((await store.transactions.list(query({ category: null }))).total, 4);
    assert.deepEqual(await store.catalogue.removeCategory('Coffee', { force: true }), { status: 'missing' });
  });

  it('acknowledges concurrent writes with distinct ids and an exact total', async () => {
    const store = await freshStore();
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) => store.transactions.create({ date: '2024-03-01', description: `w${i}`, value: i, category: i % 2 ? 'Odd' : null })),
    );
    assert.equal(new Set(created.map((row) => row.id)).size, 200);
    assert.equal((await store.transactions.list(query({ limit: 0 }))).total, 200);
    assert.equal((await store.transactions.list(query({ limit: 0, category: 'Odd' }))).total, 100);
  });

  it('answers ping', async () => {
    const store = await freshStore();
    await store.lifecycle.ping();
  });
}, { setups: EVERY_SETUP });
