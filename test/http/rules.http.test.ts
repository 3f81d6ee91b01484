import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { TokensService } from '../../src/services/tokens.service.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, withoutChange } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

interface Problem {
  errors: { in: string; name: string; message: string }[];
}

interface RuleBody {
  id: number;
  category: string;
  priority: number;
}

function assertProblem(response: { status: number; body: unknown }, status: number, name: string) {
  assert.equal(response.status, status, JSON.stringify(response.body));
  const errors = (response.body as Problem).errors;
  assert.ok(errors.some((error) => error.in === 'body' && error.name === name), `expected body ${name} in ${JSON.stringify(errors)}`);
}

/** Rows: 1 and 4 uncategorised REWE, 2 a person's "Dining", 3 uncategorised Netflix, 5 a person's "Food". */
async function setup(store: Store, options: Parameters<typeof buildTestApp>[1] = {}) {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  const app = await buildTestApp(store, { security: { tokenCacheMs: 0 }, ...options });
  const rows = [
    { date: '2024-01-01', description: 'REWE Köln', value: -20, bank: 'ing' },
    { date: '2024-01-02', description: 'Rewe City', value: -10, category: 'Dining' },
    { date: '2024-01-03', description: 'NETFLIX.COM', value: -9.99 },
    { date: '2024-01-04', description: 'rewe markt', value: -5 },
    { date: '2024-01-05', description: 'REWE to go', value: -3, category: 'Food' },
  ];
  for (const row of rows) assert.equal((await call(app, 'POST', '/transactions', row)).status, 201);
  return app;
}

async function create(app: FastifyInstance, body: object): Promise<RuleBody> {
  const response = await call(app, 'POST', '/rules', body);
  assert.equal(response.status, 201, response.text);
  return response.body as RuleBody;
}

const state = async (app: FastifyInstance, headers: Record<string, string> = {}) => ({
  rules: (await call(app, 'GET', '/rules', undefined, headers)).text,
  transactions: (await call(app, 'GET', '/transactions?limit=100', undefined, headers)).text,
});

describeEachEngine('HTTP rules', ({ freshStore }) => {
  it('creates, lists, changes, reorders and deletes rules', async () => {
    const app = await setup(await freshStore());
    assert.deepEqual((await call(app, 'GET', '/rules')).body, []);
    const created = await call(app, 'POST', '/rules', { category: 'Groceries', descriptionContains: 'rewe' });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body, { id: 1, category: 'Groceries', descriptionContains: 'rewe', priority: 0 });
    assert.equal(created.headers.location, '/rules/1');
    const second = await create(app, { category: 'Streaming', descriptionMatches: '^netflix', maxValue: 0, bank: 'ing' });
    assert.deepEqual((await call(app, 'GET', '/rules')).body, [created.body, second]);

    const changed = await call(app, 'PATCH', `/rules/${second.id}`, { category: 'TV', bank: null });
    assert.equal(changed.status, 200);
    assert.deepEqual(changed.body, { id: 2, category: 'TV', descriptionMatches: '^netflix', maxValue: 0, priority: 0 });

    const reordered = await call(app, 'PUT', '/rules/order', { ids: [2, 1] });
    assert.equal(reordered.status, 200);
    assert.deepEqual((reordered.body as RuleBody[]).map((rule) => rule.id), [2, 1]);
    assert.deepEqual(((await call(app, 'GET', '/rules')).body as RuleBody[]).map((rule) => rule.id), [2, 1]);

    assert.equal((await call(app, 'DELETE', '/rules/2')).status, 204);
    assert.equal((await call(app, 'DELETE', '/rules/2')).status, 404);
    assert.equal((await call(app, 'PATCH', '/rules/2', { category: 'X' })).status, 404);
    assert.deepEqual(((await call(app, 'GET', '/rules')).body as RuleBody[]).map((rule) => rule.id), [1]);
    assert.equal((await create(app, { category: 'Later', minValue: 1000 })).id, 3, 'ids are never reused');
    // 200 characters as the contract counts them (code points), though 400 UTF-16 units.
    assert.equal((await call(app, 'POST', '/rules', { category: 'Long', descriptionContains: '𐀀'.repeat(200) })).status, 201);
    assertProblem(await call(app, 'POST', '/rules', { category: 'Long', descriptionContains: '𐀀'.repeat(201) }), 400, 'descriptionContains');
  });

  it('refuses bad rules with a problem naming the field, and changes nothing', async () => {
    const app = await setup(await freshStore());
    await create(app, { category: 'Groceries', descriptionContains: 'rewe' });
    const before = await state(app);
    const cases: Array<[string, string, string, unknown, string]> = [
      ['POST', '/rules', 'no condition', { category: 'Groceries' }, 'category'],
      ['POST', '/rules', 'both description conditions', { category: 'G', descriptionContains: 'a', descriptionMatches: 'b' }, 'descriptionMatches'],
      ['POST', '/rules', 'a lookahead (not RE2)', { category: 'G', descriptionMatches: '(?=a)a' }, 'descriptionMatches'],
      ['POST', '/rules', 'unknown bank', { category: 'G', bank: 'nobank' }, 'bank'],
      ['POST', '/rules', 'empty range', { category: 'G', minValue: 5, maxValue: 1 }, 'maxValue'],
      ['POST', '/rules', 'number as text', { category: 'G', minValue: '5' }, 'minValue'],
      ['POST', '/rules', 'unknown property', { category: 'G', minValue: 5, colour: 'red' }, 'colour'],
      ['PATCH', '/rules/1', 'removing the last condition', { descriptionContains: null }, 'category'],
      ['PATCH', '/rules/1', 'null category', { category: null }, 'category'],
      ['PUT', '/rules/order', 'a rule left out', { ids: [] }, 'ids'],
      ['PUT', '/rules/order', 'an unknown rule', { ids: [1, 7] }, 'ids'],
      ['POST', '/rules/preview', 'neither rule nor ruleId', {}, 'ruleId'],
      ['POST', '/rules/preview', 'an unknown rule id', { ruleId: 9 }, 'ruleId'],
      ['POST', '/rules/preview', 'an unsaved rule without condition', { rule: { category: 'G' } }, 'rule.category'],
      ['POST', '/rules/apply', 'an unknown scope', { scope: 'some' }, 'scope'],
      ['POST', '/rules/apply', 'dryRun as text', { dryRun: 'true' }, 'dryRun'],
    ];
    for (const [method, url, what, body, field] of cases) {
      const response = await call(app, method, url, body);
      assert.equal(response.status, 400, `${what}: ${response.text}`);
      assertProblem(response, 400, field);
    }
    const suggestions = await call(app, 'GET', '/rules/suggestions?minRows=0');
    assert.equal(suggestions.status, 400);
    assert.ok((suggestions.body as Problem).errors.some((error) => error.in === 'query' && error.name === 'minRows'));
    assert.deepEqual(await state(app), before);
  });

  it('preview counts what apply then changes, writing nothing; apply records the rule as the source', async () => {
    const app = await setup(await freshStore());
    const before = await state(app);
    const unsaved = await call(app, 'POST', '/rules/preview', { rule: { category: 'Groceries', descriptionContains: 'rewe' }, limit: 1 });
    assert.equal(unsaved.status, 200);
    assert.equal((unsaved.body as { count: number }).count, 2);
    assert.deepEqual(
      ((unsaved.body as { transactions: { id: number }[] }).transactions).map((row) => row.id),
      [1],
    );
    assert.deepEqual(await state(app), before, 'preview writes nothing');

    const rule = await create(app, { category: 'Groceries', descriptionContains: 'rewe' });
    const preview = (await call(app, 'POST', '/rules/preview', { ruleId: rule.id })).body as { count: number; transactions: { id: number }[] };
    assert.deepEqual([preview.count, preview.transactions.map((row) => row.id)], [2, [1, 4]]);
    const dry = await call(app, 'POST', '/rules/apply', { dryRun: true });
    assert.deepEqual(dry.body, { dryRun: true, examined: 3, changed: 2, rules: [{ ruleId: rule.id, category: 'Groceries', changed: 2 }] });
    const applied = await call(app, 'POST', '/rules/apply', {});
    assert.deepEqual(withoutChange(applied.body), { dryRun: false, examined: 3, changed: 2, rules: [{ ruleId: rule.id, category: 'Groceries', changed: 2 }] });
    const one = (await call(app, 'GET', '/transactions/1')).body as { category: string; categorySource: string };
    assert.deepEqual([one.category, one.categorySource], ['Groceries', `rule:${rule.id}`]);
    assert.equal(((await call(app, 'POST', '/rules/apply', {})).body as { changed: number }).changed, 0);
  });

  it("never overwrites a person's category unless the request says overwriteManual", async () => {
    const app = await setup(await freshStore());
    const rule = await create(app, { category: 'Groceries', descriptionContains: 'rewe' });
    assert.equal(((await call(app, 'POST', '/rules/apply', {})).body as { changed: number }).changed, 2);
    assert.equal((await call(app, 'PATCH', `/rules/${rule.id}`, { category: 'Supermarket' })).status, 200);
    const person = (await call(app, 'GET', '/transactions/2')).text;

    const all = { scope: 'all' };
    assert.equal(((await call(app, 'POST', '/rules/preview', { ruleId: rule.id, ...all })).body as { count: number }).count, 2);
    assert.equal(((await call(app, 'POST', '/rules/apply', all)).body as { changed: number }).changed, 2, 'the rows a rule categorised');
    assert.equal((await call(app, 'GET', '/transactions/2')).text, person);
    assert.equal(((await call(app, 'GET', '/transactions/1')).body as { category: string }).category, 'Supermarket');

    const overwrite = { scope: 'all', overwriteManual: true };
    assert.equal(((await call(app, 'POST', '/rules/preview', { ruleId: rule.id, ...overwrite })).body as { count: number }).count, 2);
    assert.equal(((await call(app, 'POST', '/rules/apply', overwrite)).body as { changed: number }).changed, 2);
    const two = (await call(app, 'GET', '/transactions/2')).body as { category: string; categorySource: string };
    assert.deepEqual([two.category, two.categorySource], ['Supermarket', `rule:${rule.id}`]);
  });

  // Patterns that froze the server for seconds to forever with a backtracking engine (issue 28:
  // a read-only preview, and a saved rule meeting a long description). With the old engine this
  // test does not finish: node:test's timeout fails it.
  it('a pattern that backtracks catastrophically elsewhere is matched in linear time', { timeout: 60_000 }, async () => {
    const store = await freshStore();
    const app = await setup(store);
    const long = `${'a'.repeat(999)}!`;
    const preview = await call(app, 'POST', '/rules/preview', { rule: { category: 'G', descriptionMatches: '(?:.*){1,12}zzz' } });
    assert.equal(preview.status, 200, preview.text);
    assert.equal((preview.body as { count: number }).count, 0);
    assert.equal((await call(app, 'POST', '/rules', { category: 'Trap', descriptionMatches: '.*.*.*zzz' })).status, 201);
    assert.equal((await call(app, 'POST', '/rules', { category: 'Nested', descriptionMatches: '(a+)+$' })).status, 201, 'safe under RE2');
    const created = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: long, value: -1 });
    assert.equal(created.status, 201, created.text);
    assert.equal((created.body as { category?: string }).category ?? null, null, '(a+)+$ does not match a text ending in !');
    const matched = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'a'.repeat(1000), value: -1 });
    assert.equal((matched.body as { category: string | null }).category, 'Nested');
  });

  it('refuses a pattern RE2 cannot match (lookaround, backreference), naming the field', async () => {
    const app = await setup(await freshStore());
    for (const pattern of ['(?=rewe)r', '(a)\\1', 'a{1001}']) {
      const refused = await call(app, 'POST', '/rules', { category: 'G', descriptionMatches: pattern });
      assertProblem(refused, 400, 'descriptionMatches');
      assert.match(JSON.stringify(refused.body), /RE2/);
    }
    assert.deepEqual((await call(app, 'GET', '/rules')).body, []);
  });

  it('a changed rule or a new order takes effect for new transactions at once', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const first = await create(app, { category: 'Groceries', descriptionContains: 'lidl' });
    const post = async () => ((await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'LIDL', value: -1 })).body as { category: string }).category;
    assert.equal(await post(), 'Groceries');
    await call(app, 'PATCH', `/rules/${first.id}`, { category: 'Discount' });
    assert.equal(await post(), 'Discount');
    const second = await create(app, { category: 'Small', maxValue: 0 });
    assert.equal(await post(), 'Discount');
    await call(app, 'PUT', '/rules/order', { ids: [second.id, first.id] });
    assert.equal(await post(), 'Small');
  });

  it('suggests rules from categorised transactions, creating nothing', async () => {
    const app = await setup(await freshStore());
    for (const day of ['06', '07', '08']) {
      await call(app, 'POST', '/transactions', { date: `2024-01-${day}`, description: `ALDI SUED ${day}`, value: -7, category: 'Groceries' });
    }
    const before = await state(app);
    const response = await call(app, 'GET', '/rules/suggestions');
    assert.equal(response.status, 200);
    const suggestions = response.body as Array<{ descriptionContains: string; category: string; covers: number }>;
    assert.ok(suggestions.some((s) => s.descriptionContains === 'aldi' && s.category === 'Groceries' && s.covers === 3), response.text);
    assert.deepEqual(await state(app), before);
  });

  it('refuses every rule write to a read-only token (403); reads are allowed', async () => {
    const store = await freshStore();
    const app = await setup(store);
    await create(app, { category: 'Groceries', descriptionContains: 'rewe' });
    const { token } = await new TokensService(store).create('dashboard', { readOnly: true });
    const headers = { authorization: `Bearer ${token}` };
    const before = await state(app, headers);
    for (const [method, url, body] of [
      ['POST', '/rules', { category: 'X', minValue: 1 }],
      ['PATCH', '/rules/1', { category: 'X' }],
      ['DELETE', '/rules/1', undefined],
      ['PUT', '/rules/order', { ids: [1] }],
      ['POST', '/rules/apply', {}],
    ] as const) {
      assert.equal((await call(app, method, url, body, headers)).status, 403, `${method} ${url}`);
    }
    assert.deepEqual(await state(app, headers), before);
    assert.equal((await call(app, 'GET', '/rules', undefined, headers)).status, 200);
    assert.equal((await call(app, 'GET', '/rules/suggestions', undefined, headers)).status, 200);
    // A preview is a POST that writes nothing (x-writes: false): a read-only token may ask it.
    const preview = await call(app, 'POST', '/rules/preview', { ruleId: 1 }, headers);
    assert.equal(preview.status, 200, preview.text);
    const full = await new TokensService(store).create('laptop', { readOnly: false });
    assert.deepEqual(preview.body, (await call(app, 'POST', '/rules/preview', { ruleId: 1 }, { authorization: `Bearer ${full.token}` })).body);
    assert.ok((preview.body as { count: number }).count > 0);
    assert.equal((await call(app, 'POST', '/rules/preview', {}, headers)).status, 400, 'validated like any request');
    assert.deepEqual(await state(app, headers), before);
  });
});
