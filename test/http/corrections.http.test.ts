import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { TokensService } from '../../src/services/tokens.service.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, withoutChange } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

interface Problem {
  status: number;
  errors: { in: string; name: string; message: string }[];
}

function assertProblem(response: { status: number; body: unknown }, status: number, field: { in: string; name: string }) {
  assert.equal(response.status, status, JSON.stringify(response.body));
  const body = response.body as Problem;
  assert.ok(body.errors.some((error) => error.in === field.in && error.name === field.name), `expected ${field.in} ${field.name} in ${JSON.stringify(body.errors)}`);
}

/** Everything a client can see of the transactions: each page, total and search, and the categories. */
async function visible(app: FastifyInstance) {
  const read = async (url: string) => {
    const response = await call(app, 'GET', url);
    return { status: response.status, total: response.headers['x-total-count'], body: response.text };
  };
  return {
    all: await read('/transactions?limit=1000'),
    coffee: await read('/transactions?category=Coffee'),
    uncategorised: await read('/transactions?category='),
    ing: await read('/transactions?bank=ing'),
    search: await read('/transactions?description=caf%C3%A9'),
    deep: await read('/transactions?offset=2&limit=2&sort=-id'),
    trash: await read('/manage/trash'),
    categories: (await call(app, 'GET', '/categories')).text,
  };
}

async function setup(store: Store) {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  // tokenCacheMs 0: a token made during the test applies at once.
  const app = await buildTestApp(store, { now: () => Date.UTC(2024, 5, 1), security: { tokenCacheMs: 0 } });
  const rows = [
    { date: '2024-01-03', description: 'Café Müller', value: -3.5, category: 'Coffee', bank: 'ing' },
    { date: '2024-01-01', description: 'SALARY ACME', value: 2500.1, category: 'Salary' },
    { date: '2024-01-02', description: '50% OFF_SALE', value: -19.99 },
    { date: '2024-01-02', description: 'CAFÉ BAR', value: 0.1, category: 'Coffee' },
    { date: '2024-02-10', description: 'Tesco', value: -42, bank: 'ing' },
  ];
  for (const row of rows) assert.equal((await call(app, 'POST', '/transactions', row)).status, 201);
  return app;
}

describeEachEngine('HTTP corrections: trash, restore, bulk re-categorisation', ({ freshStore }) => {
  it('deletes by ids into the trash and restores the same ids: lists, totals, search and categories read exactly as before', async () => {
    const app = await setup(await freshStore());
    const before = await visible(app);
    const deleted = await call(app, 'POST', '/manage/transactions/delete', { ids: [1, 4, 999] });
    assert.equal(deleted.status, 200);
    assert.deepEqual(withoutChange(deleted.body), { deleted: 2 });
    assert.equal((await call(app, 'GET', '/transactions/1')).status, 404);
    assert.equal((await call(app, 'GET', '/transactions?category=Coffee')).headers['x-total-count'], '0');
    assert.equal((await call(app, 'GET', '/transactions?description=caf%C3%A9')).status, 204);
    assert.equal((await call(app, 'GET', '/transactions')).headers['x-total-count'], '3');

    const trash = await call(app, 'GET', '/manage/trash');
    assert.equal(trash.status, 200);
    assert.equal(trash.headers['x-total-count'], '2');
    assert.deepEqual(trash.body, [1, 4].map((id) => ({
      transaction: ((before.all.body && JSON.parse(before.all.body)) as { id: number }[]).find((row) => row.id === id),
      deletedAt: '2024-06-01T00:00:00.000Z',
      deletedBy: { reason: 'request' },
    })));

    const restored = await call(app, 'POST', '/manage/trash/restore', { ids: [4, 1, 3] });
    assert.equal(restored.status, 200);
    assert.deepEqual(withoutChange(restored.body), { restored: [1, 4], skipped: [{ id: 3, reason: 'not-in-trash' }] });
    assert.deepEqual(await visible(app), before);
  });

  it('deletes by filter (category, bank, description, dates, values) and returns how many', async () => {
    const app = await setup(await freshStore());
    // A delete that moved rows names its change; one that moved none made no change.
    const byFilter = async (filter: object) => {
      const { change, ...rest } = (await call(app, 'POST', '/manage/transactions/delete', { filter })).body as { deleted: number; change?: number };
      assert.equal(change === undefined, rest.deleted === 0);
      return rest;
    };
    assert.deepEqual(await byFilter({ category: 'Coffee', bank: 'ing' }), { deleted: 1 });
    assert.deepEqual(await byFilter({ description: 'CAFé' }), { deleted: 1 });
    assert.deepEqual(await byFilter({ from: '2024-02-01', to: '2024-02-28', maxValue: -40 }), { deleted: 1 });
    assert.deepEqual(await byFilter({ category: null }), { deleted: 1 });
    assert.deepEqual(await byFilter({ minValue: 3000 }), { deleted: 0 });
    assert.equal((await call(app, 'GET', '/transactions')).headers['x-total-count'], '1');
    assert.equal((await call(app, 'GET', '/manage/trash')).headers['x-total-count'], '4');
  });

  it('never reuses the id of a deleted newest row; restore brings it back under that id', async () => {
    const app = await setup(await freshStore());
    assert.deepEqual(withoutChange((await call(app, 'POST', '/manage/transactions/delete', { ids: [5] })).body), { deleted: 1 });
    const next = await call(app, 'POST', '/transactions', { date: '2024-03-01', description: 'new', value: 1 });
    assert.equal((next.body as { id: number }).id, 6);
    assert.deepEqual(withoutChange((await call(app, 'POST', '/manage/trash/restore', { ids: [5] })).body), { restored: [5], skipped: [] });
    assert.equal(((await call(app, 'GET', '/transactions/5')).body as { description: string }).description, 'Tesco');
  });

  it('re-categorises by filter in one commit, records the user as the source, and a dry run writes nothing', async () => {
    const app = await setup(await freshStore());
    const before = await visible(app);
    const dry = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: 'Coffee' }, category: 'Eating out', dryRun: true });
    assert.equal(dry.status, 200);
    assert.deepEqual(dry.body, {
      changed: 2,
      dryRun: true,
      sample: JSON.parse(before.coffee.body) as unknown[],
    });
    assert.deepEqual(await visible(app), before);

    const real = await call(app, 'POST', '/manage/transactions/recategorise', { filter: { category: 'Coffee' }, category: 'Eating out' });
    assert.deepEqual(withoutChange(real.body), { changed: 2, dryRun: false });
    const moved = (await call(app, 'GET', '/transactions?category=Eating%20out')).body as { id: number; categorySource?: string }[];
    assert.deepEqual(moved.map((row) => [row.id, row.categorySource]), [[1, undefined], [4, undefined]]);
    assert.equal((await call(app, 'GET', '/transactions?category=Coffee')).headers['x-total-count'], '0');
    // Already so: nothing changes, nothing counted (the write still names its change: it may have created the category).
    assert.deepEqual(withoutChange((await call(app, 'POST', '/manage/transactions/recategorise', { ids: [1, 4], category: 'Eating out' })).body), { changed: 0, dryRun: false });
    // Clearing removes the source with the category: such a row reads exactly like one never categorised.
    assert.deepEqual(withoutChange((await call(app, 'POST', '/manage/transactions/recategorise', { ids: [1], category: null })).body), { changed: 1, dryRun: false });
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, { id: 1, date: '2024-01-03', description: 'Café Müller', value: -3.5, bank: 'ing' });
  });

  const badBodies: Array<[string, string, unknown, string]> = [
    ['both ids and filter', '/manage/transactions/delete', { ids: [1], filter: { category: 'Coffee' } }, 'ids'],
    ['neither ids nor filter', '/manage/transactions/delete', {}, 'ids'],
    ['an empty filter', '/manage/transactions/delete', { filter: {} }, 'filter'],
    ['an unknown filter', '/manage/transactions/delete', { filter: { amount: 1 } }, 'filter.amount'],
    ['a negative id', '/manage/transactions/delete', { ids: [-1] }, 'ids.0'],
    ['an id past 2^53', '/manage/transactions/delete', { ids: [9007199254740992] }, 'ids.0'],
    ['no ids at all', '/manage/transactions/delete', { ids: [] }, 'ids'],
    ['an impossible date', '/manage/transactions/delete', { filter: { from: '2023-02-29' } }, 'filter.from'],
    ['a value as text', '/manage/transactions/delete', { filter: { minValue: '1' } }, 'filter.minValue'],
    ['an empty category', '/manage/transactions/recategorise', { ids: [1], category: '' }, 'category'],
    ['no category', '/manage/transactions/recategorise', { ids: [1] }, 'category'],
    ['dryRun as text', '/manage/transactions/recategorise', { ids: [1], category: 'X', dryRun: 'yes' }, 'dryRun'],
    ['an unknown property', '/manage/transactions/recategorise', { ids: [1], category: 'X', all: true }, 'all'],
    ['restore by filter', '/manage/trash/restore', { filter: { category: 'Coffee' } }, 'filter'],
    ['restore without ids', '/manage/trash/restore', {}, 'ids'],
  ];
  for (const [label, url, body, field] of badBodies) {
    it(`400 naming the field, and nothing changes, for ${label}`, async () => {
      const app = await setup(await freshStore());
      const before = await visible(app);
      assertProblem(await call(app, 'POST', url, body), 400, { in: 'body', name: field });
      assert.deepEqual(await visible(app), before);
    });
  }

  it('the server purges what has been in the trash longer than its retention, and keeps the rest', async () => {
    const store = await freshStore();
    const day = 24 * 60 * 60 * 1000;
    let clock = Date.UTC(2024, 0, 1);
    const first = await buildTestApp(store, { now: () => clock });
    for (const description of ['old', 'recent']) assert.equal((await call(first, 'POST', '/transactions', { date: '2024-01-01', description, value: 1 })).status, 201);
    await call(first, 'POST', '/manage/transactions/delete', { ids: [1] });
    clock += 10 * day;
    await call(first, 'POST', '/manage/transactions/delete', { ids: [2] });
    await first.close();
    clock += 25 * day;
    // Started 35 days after the first delete and 25 after the second: the first run purges one.
    const server = await buildTestApp(store, { now: () => clock, trashRetentionDays: 30 });
    await server.ready();
    const trash = await call(server, 'GET', '/manage/trash');
    assert.equal(trash.headers['x-total-count'], '1');
    assert.deepEqual((trash.body as { transaction: { id: number } }[]).map((entry) => entry.transaction.id), [2]);
    assert.deepEqual(withoutChange((await call(server, 'POST', '/manage/trash/restore', { ids: [1, 2] })).body), { restored: [2], skipped: [{ id: 1, reason: 'not-in-trash' }] });
  });

  it('400 for a bad trash page, and 405 for methods the new paths do not define', async () => {
    const app = await setup(await freshStore());
    assertProblem(await call(app, 'GET', '/manage/trash?limit=-1'), 400, { in: 'query', name: 'limit' });
    assertProblem(await call(app, 'GET', '/manage/trash?page=1'), 400, { in: 'query', name: 'page' });
    const wrongMethod = await call(app, 'GET', '/manage/transactions/delete');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.allow, 'POST');
    assert.equal((await call(app, 'DELETE', '/transactions/1')).status, 405);
  });

  it('refuses every write to a read-only token (403) and changes nothing; reads are allowed', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const { token } = await new TokensService(store).create('dashboard', { readOnly: true });
    const headers = { authorization: `Bearer ${token}` };
    const before = await call(app, 'GET', '/transactions?limit=1000', undefined, headers);
    for (const [url, body] of [
      ['/manage/transactions/delete', { ids: [1] }],
      ['/manage/transactions/recategorise', { ids: [1], category: 'X' }],
      ['/manage/trash/restore', { ids: [1] }],
    ] as const) {
      assert.equal((await call(app, 'POST', url, body, headers)).status, 403, url);
    }
    assert.equal((await call(app, 'GET', '/transactions?limit=1000', undefined, headers)).text, before.text);
    assert.equal((await call(app, 'GET', '/manage/trash', undefined, headers)).status, 204);
    assert.equal((await call(app, 'GET', '/changes', undefined, headers)).status, 200);
  });
});
