import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { nameProblem } from '../../src/domain/names.js';
import { loadContract } from '../../src/http/contract.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

/**
 * Issue 14, items 4, 5, 6 and 11: what the contract refuses and says, through the real app.
 * Each test was seen failing with its behaviour removed.
 */
interface ProblemBody {
  status: number;
  detail: string;
  errors: { in: string; name: string; message: string }[];
  errorCount?: number;
  requestId: string;
}

const tx = { date: '2024-03-01', description: 'TESCO', value: -1.5 };

async function memoryStore(): Promise<Store> {
  const store = new SqliteStore({ path: ':memory:' });
  await store.lifecycle.migrate();
  return store;
}

async function total(app: Awaited<ReturnType<typeof buildTestApp>>): Promise<number> {
  return Number((await call(app, 'GET', '/transactions?limit=0')).headers['x-total-count']);
}

describe('error amplification (item 4)', () => {
  it('a 64 KiB body of thousands of unknown properties gets the first 20 errors and their count, not a 762 KiB answer', async () => {
    const app = await buildTestApp(await memoryStore());
    const unknown: Record<string, number> = {};
    for (let i = 0; JSON.stringify(unknown).length < 63 * 1024; i += 1) unknown[`p${i}`] = 1;
    const count = Object.keys(unknown).length;
    const response = await call(app, 'POST', '/transactions', { ...tx, ...unknown });
    assert.equal(response.status, 400);
    const body = response.body as ProblemBody;
    assert.equal(body.errors.length, 20);
    assert.equal(body.errorCount, count);
    assert.deepEqual(body.errors[0], { in: 'body', name: 'p0', message: 'is not an allowed property' });
    assert.match(body.detail, new RegExp(`and ${count - 20} more$`));
    assert.ok(response.text.length < 4096, `${response.text.length} bytes`);
  });

  it('20 errors or fewer: no errorCount', async () => {
    const app = await buildTestApp(await memoryStore());
    const body = (await call(app, 'POST', '/transactions', { ...tx, a: 1, b: 2 })).body as ProblemBody;
    assert.equal(body.errors.length, 2);
    assert.equal('errorCount' in body, false);
  });
});

describe('rate limit (item 5)', () => {
  it('never applies to /healthz', async () => {
    const app = await buildTestApp(await memoryStore(), { security: { limits: { rateLimit: { max: 2, windowMs: 60_000 } } } });
    for (let i = 0; i < 5; i += 1) assert.equal((await call(app, 'GET', '/healthz')).status, 200);
    assert.equal((await call(app, 'GET', '/banks')).status, 204);
    assert.equal((await call(app, 'GET', '/banks')).status, 204);
    assert.equal((await call(app, 'GET', '/banks')).status, 429);
    assert.equal((await call(app, 'GET', '/healthz')).status, 200);
    assert.equal((await call(app, 'HEAD', '/healthz')).status, 200);
  });
});

describe('bodies the contract refuses (item 6)', () => {
  it('a property named twice: 400 naming it, nothing stored', async () => {
    const app = await buildTestApp(await memoryStore());
    const payload = '{"date":"2024-03-01","description":"x","value":1,"category":"a","category":"b"}';
    const response = await call(app, 'POST', '/transactions', payload, { 'content-type': 'application/json' });
    assert.equal(response.status, 400);
    assert.deepEqual((response.body as ProblemBody).errors, [{ in: 'body', name: 'category', message: 'appears more than once in the same object' }]);
    assert.equal(await total(app), 0);
    // Keys are compared after unescaping: "c\u0061tegory" is "category".
    const escaped = await call(app, 'PUT', '/transactions/1', '{"category":"a","c\\u0061tegory":null}', { 'content-type': 'application/json' });
    assert.equal(escaped.status, 400);
    assert.equal((escaped.body as ProblemBody).errors[0]?.name, 'category');
  });

  it('a Content-Encoding the server does not decode: 415 naming the header; identity is fine', async () => {
    const app = await buildTestApp(await memoryStore());
    const gzip = await call(app, 'POST', '/transactions', tx, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    assert.equal(gzip.status, 415);
    assert.equal((gzip.body as ProblemBody).errors[0]?.name, 'content-encoding');
    assert.equal(await total(app), 0);
    const identity = await call(app, 'POST', '/transactions', tx, { 'content-type': 'application/json', 'content-encoding': 'identity' });
    assert.equal(identity.status, 201);
  });

  it('a non-zero number that underflows to 0: 400 naming the field; tiny non-zero and zero values are kept', async () => {
    const app = await buildTestApp(await memoryStore());
    for (const value of ['1e-400', '-0.0000001e-330', '0.1e-323']) {
      const payload = `{"date":"2024-03-01","description":"x","value":${value}}`;
      const response = await call(app, 'POST', '/transactions', payload, { 'content-type': 'application/json' });
      assert.equal(response.status, 400, value);
      assert.equal((response.body as ProblemBody).errors[0]?.name, 'value');
    }
    assert.equal(await total(app), 0);
    for (const [text, stored] of [['5e-324', 5e-324], ['0e-400', 0], ['0.000', 0]] as const) {
      const response = await call(app, 'POST', '/transactions', `{"date":"2024-03-01","description":"x","value":${text}}`, { 'content-type': 'application/json' });
      assert.equal(response.status, 201, text);
      assert.equal((response.body as { value: number }).value, stored);
    }
  });

  it('sort naming a field twice: 400 from the contract pattern, naming sort', async () => {
    const app = await buildTestApp(await memoryStore());
    for (const sort of ['date,-date', 'id,value,%2Bid']) {
      const response = await call(app, 'GET', `/transactions?sort=${sort}`);
      assert.equal(response.status, 400, sort);
      assert.equal((response.body as ProblemBody).errors[0]?.name, 'sort');
    }
    assert.equal((await call(app, 'GET', '/transactions?sort=-date,value,id')).status, 204);
  });
});

describeEachEngine('look-alike category names (item 6)', ({ freshStore }) => {
  it('NFC and NFD Café, the Kelvin sign and K are one category; edge white space and invisible characters get 400 naming the field', async () => {
    const app = await buildTestApp(await freshStore());
    for (const category of ['Caf\u00e9', 'Cafe\u0301', '\u212Aiosk', 'Kiosk']) {
      const created = await call(app, 'POST', '/transactions', { ...tx, category });
      assert.equal(created.status, 201, category);
      assert.equal((created.body as { category: string }).category, category.normalize('NFC'));
    }
    assert.deepEqual(await call(app, 'GET', '/categories').then((r) => r.body), [{ name: 'Caf\u00e9' }, { name: 'Kiosk' }]);
    // The filter reads NFC too.
    assert.equal((await call(app, 'GET', `/transactions?category=${encodeURIComponent('Cafe\u0301')}&limit=0`)).headers['x-total-count'], '2');

    for (const category of ['Groceries ', ' Groceries', 'Gro\u200Bceries', '\uFEFFGroceries', 'a\tb', 'Evil\u001b[31m']) {
      const created = await call(app, 'POST', '/transactions', { ...tx, category });
      assert.equal(created.status, 400, JSON.stringify(category));
      assert.deepEqual((created.body as ProblemBody).errors.map((e) => [e.in, e.name]), [['body', 'category']]);
      const updated = await call(app, 'PUT', '/transactions/1', { category });
      assert.equal(updated.status, 400, JSON.stringify(category));
      assert.equal((updated.body as ProblemBody).errors[0]?.name, 'category');
    }
    assert.equal(await total(app), 4);
    assert.equal(((await call(app, 'GET', '/categories')).body as unknown[]).length, 2);
    // The length is counted in NFC, as stored: U+FB2A is two code points there.
    const growing = await call(app, 'POST', '/transactions', { ...tx, category: `\uFB2A${'a'.repeat(99)}` });
    assert.equal(growing.status, 400);
    assert.match((growing.body as ProblemBody).errors[0]?.message ?? '', /at most 100 characters \(counted in Unicode NFC\)/);
    // An emoji sequence keeps its joiner.
    assert.equal((await call(app, 'POST', '/transactions', { ...tx, category: '\u{1F469}\u200D\u{1F4BB} Work' })).status, 201);
  });
});

describe('the contract says the name rules where JSON Schema can', () => {
  it("CategoryName's pattern and the domain's nameProblem agree", () => {
    const document = loadContract() as unknown as { components: { schemas: Record<string, { pattern: string }> } };
    const pattern = new RegExp(document.components.schemas.CategoryName!.pattern, 'u');
    const samples = ['Groceries', 'Caf\u00e9', '\u{1F469}\u200D\u{1F4BB} Work', 'a b', 'Groceries ', ' x', 'x\u200By', '\uFEFFx', 'a\tb', 'x\u2028', 'x\u00a0', 'x\u001b[31m', '\u200D', 'a\u200Db', '\u00a0x'];
    for (const sample of samples) assert.equal(pattern.test(sample), nameProblem(sample) === null, JSON.stringify(sample));
  });
});

describe('the contract says the query rules where JSON Schema can', () => {
  it("sort's pattern refuses a field named twice; integer parameters' patterns are the canonical form", () => {
    const document = loadContract() as unknown as { components: { parameters: Record<string, { schema: { pattern: string } }> } };
    const sort = new RegExp(document.components.parameters.Sort!.schema.pattern, 'u');
    for (const ok of ['id', '-date,value,id', ' date,-description,category', '+value,-id']) assert.equal(sort.test(ok), true, ok);
    for (const bad of ['date,-date', 'id,value,+id', 'value,id,value', 'category,description,category', 'date,,id']) assert.equal(sort.test(bad), false, bad);
    const limit = new RegExp(document.components.parameters.Limit!.schema.pattern, 'u');
    for (const ok of ['0', '12', '-1']) assert.equal(limit.test(ok), true, ok);
    for (const bad of ['012', '+1', '1e3', '1.0', ' 1', '-0', '0x10']) assert.equal(limit.test(bad), false, bad);
  });
});

describe('the contract and the docs (item 11)', () => {
  it('/openapi.json: Problem (no Error) schema, a relative server, no pre-filled filters, id required in responses', async () => {
    const app = await buildTestApp(await memoryStore());
    const document = (await call(app, 'GET', '/openapi.json')).body as {
      servers: { url: string }[];
      components: { schemas: Record<string, { required?: string[]; properties?: Record<string, { readOnly?: boolean }> }>; parameters: Record<string, unknown> };
      paths: Record<string, Record<string, { parameters?: unknown[] }>>;
    };
    assert.deepEqual(document.servers.map((server) => server.url), ['/']);
    assert.ok(document.components.schemas.Problem);
    assert.equal(document.components.schemas.Error, undefined);
    assert.ok(document.components.schemas.Transaction!.required!.includes('id'));
    assert.equal(document.components.schemas.Transaction!.properties!.id!.readOnly, true);
    const text = JSON.stringify(document.components.parameters) + JSON.stringify(document.components.schemas.BankId);
    assert.equal(/"examples?"/.test(text), false, 'a parameter or BankId still has an example');
  });

  it('/docs and /openapi.json send nosniff and a frame-ancestors policy', async () => {
    const app = await buildTestApp(await memoryStore());
    for (const url of ['/docs', '/docs/static/index.html', '/openapi.json']) {
      const response = await call(app, 'GET', url);
      assert.ok(response.status < 400, `${url}: ${response.status}`);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/, url);
    }
  });

  it('a request body without the read-only id is valid; a response without it is not', () => {
    const ajv = new Ajv2020({ strict: false });
    const document = loadContract() as unknown as { components: { schemas: Record<string, unknown> } };
    ajv.addSchema({ $id: 'moneta', components: document.components });
    assert.equal(ajv.validate({ $ref: 'moneta#/components/schemas/Transaction' }, tx), false);
    assert.equal(ajv.validate({ $ref: 'moneta#/components/schemas/Transaction' }, { ...tx, id: 1 }), true);
  });
});
