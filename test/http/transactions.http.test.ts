import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine, EVERY_SETUP } from '../support/engines.js';

interface ErrorBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors: { in: string; name: string; message: string }[];
  requestId: string;
}

/** Asserts a contract error body naming the field, and returns it. */
function assertProblem(response: { status: number; body: unknown; headers: Record<string, unknown> }, status: number, field?: { in: string; name: string }) {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.body as ErrorBody;
  assert.deepEqual(Object.keys(body).sort(), ['detail', 'errors', 'requestId', 'status', 'title', 'type']);
  assert.equal(body.status, status);
  assert.equal(body.requestId, response.headers['x-request-id']);
  if (field) assert.ok(body.errors.some((error) => error.in === field.in && error.name === field.name), `expected ${field.in} ${field.name} in ${JSON.stringify(body.errors)}`);
  return body;
}

async function snapshot(app: FastifyInstance) {
  const transactions = await call(app, 'GET', '/transactions?limit=1000');
  const categories = await call(app, 'GET', '/categories');
  return { transactions: transactions.text, total: transactions.headers['x-total-count'], categories: categories.text };
}

async function setup(store: Store) {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  const app = await buildTestApp(store);
  const post = (body: unknown) => call(app, 'POST', '/transactions', body);
  const rows = [
    { date: '2024-01-03', description: 'Café Müller', value: -3.5, category: 'Coffee', bank: 'ing' },
    { date: '2024-01-01', description: 'SALARY ACME', value: 2500.1, category: 'Salary' },
    { date: '2024-01-02', description: '50% OFF_SALE', value: -19.99 },
    { date: '2024-01-02', description: 'CAFÉ BAR', value: 0.1, category: 'Coffee' },
  ];
  for (const row of rows) assert.equal((await post(row)).status, 201);
  return { app, post };
}

// The whole behaviour also on a file store opened as `serve` opens it (writer and read threads).
describeEachEngine('HTTP /transactions', ({ freshStore }) => {
  it('creates a transaction: 201, the stored body, Location, exact double, no extra fields', async () => {
    const { app, post } = await setup(await freshStore());
    const response = await post({ date: '2024-02-29', description: 'Leap day', value: 0.1, id: 77 });
    assert.equal(response.status, 201);
    assert.deepEqual(response.body, { id: 5, date: '2024-02-29', description: 'Leap day', value: 0.1 });
    assert.equal(response.headers.location, '/transactions/5');
    assert.deepEqual((await call(app, 'GET', '/transactions/5')).body, response.body);
  });

  it('returns bank only when set, and creates new categories without a group', async () => {
    const { app, post } = await setup(await freshStore());
    const withBank = await post({ date: '2024-02-01', description: 'x', value: 1, bank: 'ing', category: 'Brand new' });
    // A category the client gives is a person's: no categorySource, so the seed's fields exactly.
    assert.deepEqual(withBank.body, { id: 5, date: '2024-02-01', description: 'x', value: 1, category: 'Brand new', bank: 'ing' });
    const categories = (await call(app, 'GET', '/categories')).body as { name: string; group?: unknown }[];
    assert.deepEqual(categories.find((category) => category.name === 'Brand new'), { name: 'Brand new' });
  });

  it('GET by id: 200, 404 for a missing id (also past 2^53), 400 for non-canonical or out-of-range ids', async () => {
    const { app } = await setup(await freshStore());
    assert.deepEqual((await call(app, 'GET', '/transactions/1')).body, {
      id: 1, date: '2024-01-03', description: 'Café Müller', value: -3.5, category: 'Coffee', bank: 'ing',
    });
    assertProblem(await call(app, 'GET', '/transactions/999'), 404);
    assertProblem(await call(app, 'GET', '/transactions/9007199254740993'), 404);
    assertProblem(await call(app, 'GET', '/transactions/9223372036854775807'), 404);
    for (const id of ['abc', '-1', '1.5', '0x1', '01', '9223372036854775808', '%201', '1e2']) {
      assertProblem(await call(app, 'GET', `/transactions/${id}`), 400, { in: 'path', name: 'transactionId' });
    }
  });

  it('PUT sets and clears the category, 204 with no body', async () => {
    const { app } = await setup(await freshStore());
    const set = await call(app, 'PUT', '/transactions/3', { category: 'Shopping' });
    assert.equal(set.status, 204);
    assert.equal(set.text, '');
    assert.equal(((await call(app, 'GET', '/transactions/3')).body as { category: string }).category, 'Shopping');
    assert.ok(((await call(app, 'GET', '/categories')).body as { name: string }[]).some((category) => category.name === 'Shopping'));
    assert.equal((await call(app, 'PUT', '/transactions/3', { category: null })).status, 204);
    assert.equal('category' in ((await call(app, 'GET', '/transactions/3')).body as object), false);
  });

  it('PUT refuses nothing-to-update, other properties and bad categories, and changes nothing', async () => {
    const { app } = await setup(await freshStore());
    const before = await snapshot(app);
    assertProblem(await call(app, 'PUT', '/transactions/1', {}), 400, { in: 'body', name: 'category' });
    assertProblem(await call(app, 'PUT', '/transactions/1', { category: 'X', date: '2024-01-01' }), 400, { in: 'body', name: 'date' });
    assertProblem(await call(app, 'PUT', '/transactions/1', { value: 5 }), 400, { in: 'body', name: 'value' });
    assertProblem(await call(app, 'PUT', '/transactions/1', { category: '' }), 400, { in: 'body', name: 'category' });
    assertProblem(await call(app, 'PUT', '/transactions/1', { category: 7 }), 400, { in: 'body', name: 'category' });
    assertProblem(await call(app, 'PUT', '/transactions/1', '{"category":', { 'content-type': 'application/json' }), 400);
    assert.deepEqual(await snapshot(app), before);
  });

  it('PUT never creates: 404 for an unknown id, and no category appears', async () => {
    const { app } = await setup(await freshStore());
    const before = await snapshot(app);
    assertProblem(await call(app, 'PUT', '/transactions/999', { category: 'Ghost' }), 404);
    assert.deepEqual(await snapshot(app), before);
  });

  it('lists with X-Total-Count, 204 on empty pages, limit=0 and negative offsets', async () => {
    const { app } = await setup(await freshStore());
    const all = await call(app, 'GET', '/transactions');
    assert.equal(all.status, 200);
    assert.equal(all.headers['x-total-count'], '4');
    assert.deepEqual((all.body as { id: number }[]).map((row) => row.id), [1, 2, 3, 4]);
    const page = await call(app, 'GET', '/transactions?limit=2&offset=1');
    assert.deepEqual((page.body as { id: number }[]).map((row) => row.id), [2, 3]);
    assert.equal(page.headers['x-total-count'], '4');
    for (const url of ['/transactions?limit=0', '/transactions?offset=4', '/transactions?category=Nope', '/transactions?bank=unknown-bank']) {
      const empty = await call(app, 'GET', url);
      assert.equal(empty.status, 204, url);
      assert.equal(empty.text, '');
      assert.equal(empty.headers['x-total-count'], url.includes('limit=0') || url.includes('offset=4') ? '4' : '0', url);
    }
    const negative = await call(app, 'GET', '/transactions?offset=-7&limit=1');
    assert.deepEqual((negative.body as { id: number }[]).map((row) => row.id), [1]);
  });

  it('filters by category, uncategorised (category=), bank and description (literal, Unicode case-insensitive)', async () => {
    const { app } = await setup(await freshStore());
    const ids = async (url: string) => {
      const response = await call(app, 'GET', url);
      return { ids: response.status === 200 ? (response.body as { id: number }[]).map((row) => row.id) : [], total: response.headers['x-total-count'] };
    };
    assert.deepEqual(await ids('/transactions?category=Coffee'), { ids: [1, 4], total: '2' });
    assert.deepEqual(await ids('/transactions?category='), { ids: [3], total: '1' });
    assert.deepEqual(await ids('/transactions?bank=ing'), { ids: [1], total: '1' });
    assert.deepEqual(await ids('/transactions?description=caf%C3%89'), { ids: [1, 4], total: '2' });
    assert.deepEqual(await ids('/transactions?description=M%C3%9CLLER'), { ids: [1], total: '1' });
    assert.deepEqual(await ids('/transactions?description=50%25'), { ids: [3], total: '1' });
    assert.deepEqual(await ids('/transactions?description=_'), { ids: [3], total: '1' });
    assert.deepEqual(await ids('/transactions?description=%25'), { ids: [3], total: '1' });
    assert.deepEqual(await ids('/transactions?description=c_f'), { ids: [], total: '0' });
    assert.deepEqual(await ids('/transactions?description=caf&category=Coffee&bank=ing'), { ids: [1], total: '1' });
  });

  it('sorts by several keys with - for descending and breaks ties by id', async () => {
    const { app } = await setup(await freshStore());
    const ids = async (sort: string) => ((await call(app, 'GET', `/transactions?sort=${sort}`)).body as { id: number }[]).map((row) => row.id);
    assert.deepEqual(await ids('-value'), [2, 4, 1, 3]);
    assert.deepEqual(await ids('date,-id'), [2, 4, 3, 1]);
    assert.deepEqual(await ids('%2Bdate'), [2, 3, 4, 1]);
    assert.deepEqual(await ids('+date'), [2, 3, 4, 1]);
    assert.deepEqual(await ids('category'), [1, 4, 2, 3]);
    assert.deepEqual(await ids('-category'), [3, 2, 1, 4]);
  });

  it('POST naming a bank no one has is a 400 naming bank, from the store, and changes nothing', async () => {
    const { app, post } = await setup(await freshStore());
    const before = await snapshot(app);
    assertProblem(await post({ date: '2024-01-01', description: 'x', value: 1, bank: 'nope', category: 'New' }), 400, { in: 'body', name: 'bank' });
    assert.deepEqual(await snapshot(app), before);
  });
}, { setups: EVERY_SETUP });

// Refused before any store is reached: the in-memory store and PostgreSQL are enough.
describeEachEngine('HTTP /transactions, request validation', ({ freshStore }) => {
  const badBodies: [string, unknown, string][] = [
    ['missing date', { description: 'x', value: 1 }, 'date'],
    ['missing description', { date: '2024-01-01', value: 1 }, 'description'],
    ['missing value', { date: '2024-01-01', description: 'x' }, 'value'],
    ['impossible date', { date: '2023-02-29', description: 'x', value: 1 }, 'date'],
    ['date with time', { date: '2024-01-01T10:00:00Z', description: 'x', value: 1 }, 'date'],
    ['value as string', { date: '2024-01-01', description: 'x', value: '1' }, 'value'],
    ['value too large', { date: '2024-01-01', description: 'x', value: 3.5e38 }, 'value'],
    ['description as number', { date: '2024-01-01', description: 5, value: 1 }, 'description'],
    ['description too long', { date: '2024-01-01', description: 'x'.repeat(1001), value: 1 }, 'description'],
    ['empty category', { date: '2024-01-01', description: 'x', value: 1, category: '' }, 'category'],
    ['category too long', { date: '2024-01-01', description: 'x', value: 1, category: 'c'.repeat(101) }, 'category'],
    ['null category', { date: '2024-01-01', description: 'x', value: 1, category: null }, 'category'],
    ['unknown property', { date: '2024-01-01', description: 'x', value: 1, amount: 1 }, 'amount'],
    ['negative id', { id: -1, date: '2024-01-01', description: 'x', value: 1 }, 'id'],
    ['fractional id', { id: 1.5, date: '2024-01-01', description: 'x', value: 1 }, 'id'],
    ['unknown bank', { date: '2024-01-01', description: 'x', value: 1, bank: 'nope' }, 'bank'],
    ['malformed bank id', { date: '2024-01-01', description: 'x', value: 1, bank: '-bad' }, 'bank'],
    ['array body', [{ date: '2024-01-01', description: 'x', value: 1 }], 'body'],
    ['NUL in description', { date: '2024-01-01', description: 'a\u0000b', value: 1 }, 'description'],
  ];
  for (const [title, body, field] of badBodies) {
    it(`POST refuses ${title} with 400 naming ${field}, and changes nothing`, async () => {
      const { app, post } = await setup(await freshStore());
      const before = await snapshot(app);
      assertProblem(await post(body), 400, { in: 'body', name: field });
      assert.deepEqual(await snapshot(app), before);
    });
  }

  const badRaw: [string, string | Buffer, Record<string, string>, { in: string; name: string }][] = [
    ['malformed JSON', '{"date":', { 'content-type': 'application/json' }, { in: 'body', name: 'body' }],
    ['an empty body', '', { 'content-type': 'application/json' }, { in: 'body', name: 'body' }],
    ['a JSON string', '"hello"', { 'content-type': 'application/json' }, { in: 'body', name: 'body' }],
    ['text/plain', '{"date":"2024-01-01","description":"x","value":1}', { 'content-type': 'text/plain' }, { in: 'header', name: 'content-type' }],
    ['a latin1 charset', '{"date":"2024-01-01","description":"x","value":1}', { 'content-type': 'application/json; charset=latin1' }, { in: 'header', name: 'content-type' }],
    ['invalid UTF-8', Buffer.from('{"date":"2024-01-01","description":"\xff","value":1}', 'latin1'), { 'content-type': 'application/json' }, { in: 'body', name: 'body' }],
    ['a lone surrogate', '{"date":"2024-01-01","description":"\\ud800","value":1}', { 'content-type': 'application/json' }, { in: 'body', name: 'description' }],
    ['__proto__', '{"date":"2024-01-01","description":"x","value":1,"__proto__":{"x":1}}', { 'content-type': 'application/json' }, { in: 'body', name: '__proto__' }],
    ['1e400', '{"date":"2024-01-01","description":"x","value":1e400}', { 'content-type': 'application/json' }, { in: 'body', name: 'value' }],
  ];
  for (const [title, payload, headers, field] of badRaw) {
    it(`POST refuses ${title} with 400 and changes nothing`, async () => {
      const { app } = await setup(await freshStore());
      const before = await snapshot(app);
      assertProblem(await call(app, 'POST', '/transactions', payload, headers), 400, field);
      assert.deepEqual(await snapshot(app), before);
    });
  }

  it('POST without any body is a 400', async () => {
    const { app } = await setup(await freshStore());
    assertProblem(await call(app, 'POST', '/transactions'), 400, { in: 'body', name: 'body' });
  });

  const badQueries: [string, string][] = [
    ['limit=-1', 'limit'], ['limit=0x10', 'limit'], ['limit=%2012', 'limit'], ['limit=1e3', 'limit'], ['limit=1.0', 'limit'],
    ['limit=2147483648', 'limit'], ['limit=abc', 'limit'], ['offset=1.5', 'offset'], ['offset=-2147483649', 'offset'],
    ['limit=1&limit=2', 'limit'], ['sort=amount', 'sort'], ['sort=date,date', 'sort'], ['sort=', 'sort'],
    ['sort=id;DROP%20TABLE%20transactions', 'sort'], ['bank=', 'bank'], ['bank=-x', 'bank'], ['bank=' + 'b'.repeat(65), 'bank'],
    ['category=' + 'c'.repeat(101), 'category'], ['description=' + 'd'.repeat(1001), 'description'], ['description=%00', 'description'],
    ['description=%E0%A4', 'description'], ['page=2', 'page'],
  ];
  for (const [queryString, name] of badQueries) {
    it(`GET /transactions?${queryString.slice(0, 40)} is a 400 naming ${name}`, async () => {
      const { app } = await setup(await freshStore());
      assertProblem(await call(app, 'GET', `/transactions?${queryString}`), 400, { in: 'query', name });
    });
  }
});

describeEachEngine('HTTP banks, categories, errors', ({ freshStore }) => {
  it('banks: 204 when none, then the list and one by id; 404 and 400', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store);
    assert.equal((await call(app, 'GET', '/banks')).status, 204);
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: '3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f' });
    await store.catalogue.addBank({ id: 'chase.us', name: 'Chase', aggregatorId: null });
    assert.deepEqual((await call(app, 'GET', '/banks')).body, [
      { id: 'chase.us', name: 'Chase' },
      { id: 'ing', name: 'ING', aggregatorId: '3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f' },
    ]);
    assert.deepEqual((await call(app, 'GET', '/banks/chase.us')).body, { id: 'chase.us', name: 'Chase' });
    assertProblem(await call(app, 'GET', '/banks/unknown'), 404);
    for (const id of ['-x', '_x', 'a%20b', 'b'.repeat(65), 'a%00']) assertProblem(await call(app, 'GET', `/banks/${id}`), 400, { in: 'path', name: 'bankId' });
  });

  it('categories: 204 when none, ordered by group then name, groupless last', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store);
    assert.equal((await call(app, 'GET', '/categories')).status, 204);
    await store.catalogue.saveCategory({ name: 'Rent', group: 'Housing' });
    await store.catalogue.saveCategory({ name: 'Misc', group: null });
    await store.catalogue.saveCategory({ name: 'Groceries', group: 'Food' });
    await store.catalogue.saveCategory({ name: 'Coffee', group: 'Food' });
    assert.deepEqual((await call(app, 'GET', '/categories')).body, [
      { name: 'Coffee', group: { name: 'Food' } },
      { name: 'Groceries', group: { name: 'Food' } },
      { name: 'Rent', group: { name: 'Housing' } },
      { name: 'Misc' },
    ]);
  });

  it('unknown paths are 404 and undefined methods 405 with Allow, both as JSON errors', async () => {
    const app = await buildTestApp(await freshStore());
    assertProblem(await call(app, 'GET', '/nope'), 404);
    assertProblem(await call(app, 'GET', '/transaction'), 404);
    const deleted = await call(app, 'DELETE', '/transactions/1');
    assertProblem(deleted, 405);
    assert.equal(deleted.headers.allow, 'GET, HEAD, PUT');
    const patched = await call(app, 'PATCH', '/transactions');
    assertProblem(patched, 405);
    assert.equal(patched.headers.allow, 'GET, HEAD, POST');
    assert.equal((await call(app, 'POST', '/banks')).headers.allow, 'GET, HEAD');
  });

  it('refuses query parameters on operations that take none', async () => {
    const app = await buildTestApp(await freshStore());
    assertProblem(await call(app, 'GET', '/banks?limit=1'), 400, { in: 'query', name: 'limit' });
    assertProblem(await call(app, 'GET', '/categories?x'), 400, { in: 'query', name: 'x' });
  });

  it('serves the contract, the docs and health', async () => {
    const app = await buildTestApp(await freshStore());
    const contract = await call(app, 'GET', '/openapi.json');
    assert.equal((contract.body as { info: { version: string } }).info.version, '0.3.0');
    const docs = await call(app, 'GET', '/docs/');
    assert.equal(docs.status, 200);
    assert.match(docs.text, /swagger-ui/i);
    assert.doesNotMatch(docs.text, /https?:\/\/(cdn|unpkg)/);
    const health = await call(app, 'GET', '/healthz');
    assert.equal(health.status, 200);
    assert.equal((health.body as { status: string }).status, 'ok');
  });
}, { setups: EVERY_SETUP });
