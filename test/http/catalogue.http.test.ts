import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { TokensService } from '../../src/services/tokens.service.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

interface Problem {
  errors: { in: string; name: string; message: string }[];
}

interface Row {
  id: number;
  category?: string;
  bank?: string;
  categorySource?: string;
}

function assertNames(response: JsonResponse, status: number, where: string, name: string): void {
  assert.equal(response.status, status, response.text);
  const errors = (response.body as Problem).errors;
  assert.ok(errors.some((error) => error.in === where && error.name === name), `expected ${where} ${name} in ${response.text}`);
}

/** Banks ing and dkb; rows 1, 2 (ing) and 3 (dkb) REWE, 4 Netflix (ing) a person's "TV"; rule 1 Groceries/rewe applied, rule 2 on ing. */
async function setup(store: Store, options: Parameters<typeof buildTestApp>[1] = {}): Promise<FastifyInstance> {
  const app = await buildTestApp(store, { security: { tokenCacheMs: 0 }, ...options });
  assert.equal((await call(app, 'POST', '/manage/banks', { id: 'ing', name: 'ING' })).status, 201);
  assert.equal((await call(app, 'POST', '/manage/banks', { id: 'dkb', name: 'DKB' })).status, 201);
  const rows = [
    { date: '2024-01-01', description: 'REWE Köln', value: -20, bank: 'ing' },
    { date: '2024-01-02', description: 'Rewe City', value: -10, bank: 'ing' },
    { date: '2024-01-03', description: 'REWE Berlin', value: -5, bank: 'dkb' },
    { date: '2024-01-04', description: 'NETFLIX.COM', value: -9.99, bank: 'ing', category: 'TV' },
  ];
  for (const row of rows) assert.equal((await call(app, 'POST', '/transactions', row)).status, 201);
  assert.equal((await call(app, 'POST', '/rules', { category: 'Groceries', descriptionContains: 'rewe' })).status, 201);
  assert.equal((await call(app, 'POST', '/rules', { category: 'TV', descriptionContains: 'netflix', bank: 'ing' })).status, 201);
  assert.equal((await call(app, 'POST', '/rules/apply', {})).status, 200);
  return app;
}

const rowsOf = async (app: FastifyInstance): Promise<Row[]> => (await call(app, 'GET', '/transactions?limit=100')).body as Row[];

/** Everything a catalogue write could change, as the API shows it. */
async function state(app: FastifyInstance, headers: Record<string, string> = {}) {
  const read = async (url: string) => (await call(app, 'GET', url, undefined, headers)).text;
  return {
    banks: await read('/banks'),
    categories: await read('/categories'),
    groups: await read('/manage/category-groups'),
    rules: await read('/rules'),
    transactions: await read('/transactions?limit=100'),
    trash: await read('/manage/trash'),
  };
}

describeEachEngine('HTTP catalogue management', ({ freshStore }) => {
  it('creates and changes banks; the id stays', async () => {
    const app = await setup(await freshStore());
    const created = await call(app, 'POST', '/manage/banks', { id: 'n26', name: 'N26', aggregatorId: '3F2C1A9E-8B7D-4C6E-9F10-2A3B4C5D6E7F' });
    assert.equal(created.status, 201);
    assert.equal(created.headers.location, '/banks/n26');
    assert.deepEqual(created.body, { id: 'n26', name: 'N26', aggregatorId: '3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f' });
    assert.equal((await call(app, 'POST', '/manage/banks', { id: 'n26', name: 'Again' })).status, 409);
    const renamed = await call(app, 'PATCH', '/manage/banks/n26', { name: 'N26 Bank', aggregatorId: null });
    assert.equal(renamed.status, 200);
    assert.deepEqual(renamed.body, { id: 'n26', name: 'N26 Bank' });
    assert.deepEqual((await call(app, 'GET', '/banks/n26')).body, { id: 'n26', name: 'N26 Bank' });
    assert.equal((await call(app, 'PATCH', '/manage/banks/nope', { name: 'X' })).status, 404);
    assert.equal((await call(app, 'PATCH', '/manage/banks/ing', { name: 'ING-DiBa' })).status, 200);
    assert.ok((await rowsOf(app)).filter((row) => row.bank === 'ing').length === 3, 'its transactions still name it');
  });

  it('refuses a bank removal while transactions or rules use it, saying which; nothing changes', async () => {
    const app = await setup(await freshStore());
    const before = await state(app);
    const refused = await call(app, 'DELETE', '/manage/banks/ing');
    assert.equal(refused.status, 409);
    assert.match(refused.text, /3 transaction\(s\) use it/);
    assert.match(refused.text, /rule\(s\) 2 name it/);
    // Transactions answered for, the rule not: still refused.
    assert.equal((await call(app, 'DELETE', '/manage/banks/ing?transactions=trash')).status, 409);
    assert.deepEqual(await state(app), before);
    assert.equal((await call(app, 'DELETE', '/manage/banks/nope')).status, 404);
  });

  it('moves a removed bank\'s transactions (same ids) and retargets its rules to another bank', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const revision = await store.rules.version();
    const removed = await call(app, 'DELETE', '/manage/banks/ing?transactions=move&moveTo=dkb&rules=retarget');
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { id: 'ing', transactionsMoved: 3, transactionsTrashed: 0, rulesRemoved: [], rulesRetargeted: [2], moveTo: 'dkb' });
    assert.equal((await call(app, 'GET', '/banks/ing')).status, 404);
    assert.deepEqual((await rowsOf(app)).map((row) => [row.id, row.bank]), [[1, 'dkb'], [2, 'dkb'], [3, 'dkb'], [4, 'dkb']]);
    const rule = ((await call(app, 'GET', '/rules')).body as { id: number; bank?: string }[]).find((r) => r.id === 2);
    assert.equal(rule?.bank, 'dkb');
    assert.notEqual(await store.rules.version(), revision, 'a retarget raises the rules revision');
  });

  it('moves a removed bank\'s transactions to the trash and removes its rules, as asked', async () => {
    const app = await setup(await freshStore());
    const removed = await call(app, 'DELETE', '/manage/banks/ing?transactions=trash&rules=remove');
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { id: 'ing', transactionsMoved: 0, transactionsTrashed: 3, rulesRemoved: [2], rulesRetargeted: [] });
    assert.deepEqual((await rowsOf(app)).map((row) => row.id), [3]);
    const trash = (await call(app, 'GET', '/manage/trash')).body as { transaction: Row; deletedBy: { reason: string; bankId?: string } }[];
    assert.deepEqual(trash.map((entry) => [entry.transaction.id, entry.deletedBy]).sort(), [
      [1, { reason: 'bank', bankId: 'ing' }],
      [2, { reason: 'bank', bankId: 'ing' }],
      [4, { reason: 'bank', bankId: 'ing' }],
    ]);
    assert.deepEqual(((await call(app, 'GET', '/rules')).body as { id: number }[]).map((r) => r.id), [1]);
    // The bank is gone, so restoring skips them, saying why.
    const restored = await call(app, 'POST', '/manage/trash/restore', { ids: [1] });
    assert.deepEqual(restored.body, { restored: [], skipped: [{ id: 1, reason: 'unknown-bank' }] });
  });

  it('a moved row whose import key the receiving bank holds keeps its id and loses only the key', async () => {
    const store = await freshStore();
    const app = await setup(store);
    for (const bank of ['ing', 'dkb']) {
      const session = await store.imports.begin(bank);
      await session.insertNew([{ key: 'f:same:1', date: '2024-02-01', description: 'Same line', value: -1, category: null }]);
      await session.commit();
    }
    const same = async () => (await rowsOf(app)).filter((row) => (row as { description?: string }).description === 'Same line');
    const before = await same();
    assert.deepEqual(before.map((row) => row.bank), ['ing', 'dkb']);
    assert.equal((await call(app, 'DELETE', '/manage/banks/ing?transactions=move&moveTo=dkb&rules=remove')).status, 200);
    assert.deepEqual((await same()).map((row) => [row.id, row.bank]), before.map((row) => [row.id, 'dkb']));
    // Importing the line into dkb again finds dkb's own row: nothing is added.
    const session = await store.imports.begin('dkb');
    assert.equal((await session.insertNew([{ key: 'f:same:1', date: '2024-02-01', description: 'Same line', value: -1, category: null }])).size, 0);
    await session.commit();
    assert.equal((await same()).length, 2);
  });

  it('answers 400 naming the parameter for every bad removal request, and changes nothing', async () => {
    const app = await setup(await freshStore());
    const before = await state(app);
    const cases: [string, string, string][] = [
      ['/manage/banks/ing?transactions=move', 'query', 'moveTo'],
      ['/manage/banks/ing?transactions=trash&rules=retarget', 'query', 'moveTo'],
      ['/manage/banks/ing?transactions=trash&rules=remove&moveTo=dkb', 'query', 'moveTo'],
      ['/manage/banks/ing?transactions=move&rules=remove&moveTo=ing', 'query', 'moveTo'],
      ['/manage/banks/ing?transactions=move&rules=remove&moveTo=nope', 'query', 'moveTo'],
      ['/manage/banks/ing?transactions=move&rules=remove&moveTo=-x', 'query', 'moveTo'],
      ['/manage/banks/ing?transactions=delete', 'query', 'transactions'],
      ['/manage/banks/ing?rules=keep', 'query', 'rules'],
      ['/manage/banks/ing?transactions=trash&transactions=trash', 'query', 'transactions'],
      ['/manage/banks/ing?force=1', 'query', 'force'],
      ['/manage/banks/-ing', 'path', 'bankId'],
    ];
    for (const [url, where, name] of cases) assertNames(await call(app, 'DELETE', url), 400, where, name);
    const bodies: [string, string, unknown, string][] = [
      ['POST', '/manage/banks', { id: 'a b', name: 'X' }, 'id'],
      ['POST', '/manage/banks', { id: 'ok', name: ' padded' }, 'name'],
      ['POST', '/manage/banks', { id: 'ok', name: '' }, 'name'],
      ['POST', '/manage/banks', { id: 'ok', name: 'X', aggregatorId: 'not-a-uuid' }, 'aggregatorId'],
      ['POST', '/manage/banks', { id: 'ok', name: 'X', extra: 1 }, 'extra'],
      ['POST', '/manage/banks', { name: 'X' }, 'id'],
      ['PATCH', '/manage/banks/ing', {}, ''],
      ['PATCH', '/manage/banks/ing', { id: 'other' }, 'id'],
      ['PATCH', '/manage/banks/ing', { name: 'a\u200bb' }, 'name'],
    ];
    for (const [method, url, body, name] of bodies) {
      const response = await call(app, method, url, body);
      assert.equal(response.status, 400, `${method} ${url} ${JSON.stringify(body)}: ${response.text}`);
      if (name !== '') assertNames(response, 400, 'body', name);
    }
    assert.deepEqual(await state(app), before);
  });

  it('creates, renames and regroups categories; a rename relabels rows and rules and keeps each row\'s source', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const created = await call(app, 'POST', '/manage/categories', { name: 'Cafe\u0301', group: { name: 'Food' } });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body, { name: 'Café', group: { name: 'Food' } });
    assert.equal((await call(app, 'POST', '/manage/categories', { name: 'Café' })).status, 409);

    const revision = await store.rules.version();
    const renamed = await call(app, 'PATCH', '/manage/categories/Groceries', { name: 'Supermarket', group: { name: 'Food' } });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body, { name: 'Supermarket', group: { name: 'Food' } });
    const rows = await rowsOf(app);
    assert.deepEqual(
      rows.map((row) => [row.id, row.category, row.categorySource]),
      [
        [1, 'Supermarket', 'rule:1'],
        [2, 'Supermarket', 'rule:1'],
        [3, 'Supermarket', 'rule:1'],
        [4, 'TV', undefined],
      ],
    );
    assert.equal(((await call(app, 'GET', '/rules')).body as { id: number; category: string }[]).find((r) => r.id === 1)?.category, 'Supermarket');
    assert.notEqual(await store.rules.version(), revision);
    const names = ((await call(app, 'GET', '/categories')).body as { name: string }[]).map((c) => c.name);
    assert.ok(!names.includes('Groceries') && names.includes('Supermarket'), names.join());

    assert.equal((await call(app, 'PATCH', '/manage/categories/TV', { name: 'Supermarket' })).status, 409);
    assert.equal((await call(app, 'PATCH', '/manage/categories/Nope', { name: 'X' })).status, 404);
    const ungrouped = await call(app, 'PATCH', `/manage/categories/${encodeURIComponent('Café')}`, { group: null });
    assert.deepEqual(ungrouped.body, { name: 'Café' });
    // A name in the path is read in NFC, as stored.
    assert.equal((await call(app, 'PATCH', `/manage/categories/${encodeURIComponent('Cafe\u0301')}`, { group: { name: 'Out' } })).status, 200);
  });

  it('merges categories: rows and rules move, the sources stay; an unknown one changes nothing', async () => {
    const app = await setup(await freshStore());
    assert.equal((await call(app, 'POST', '/rules', { category: 'Streaming', descriptionContains: 'disney' })).status, 201);
    const before = await state(app);
    assert.equal((await call(app, 'POST', '/manage/categories/merge', { from: ['TV', 'Nope'], into: 'Media' })).status, 404);
    assert.deepEqual(await state(app), before);
    assert.equal((await call(app, 'POST', '/manage/categories', { name: 'Streaming' })).status, 201);
    const merged = await call(app, 'POST', '/manage/categories/merge', { from: ['TV', 'Streaming'], into: 'Media' });
    assert.equal(merged.status, 200, merged.text);
    assert.deepEqual(merged.body, { into: { name: 'Media' }, transactions: 1, rules: [2, 3] });
    assert.deepEqual((await rowsOf(app)).find((row) => row.id === 4), { id: 4, date: '2024-01-04', description: 'NETFLIX.COM', value: -9.99, bank: 'ing', category: 'Media' });
    assertNames(await call(app, 'POST', '/manage/categories/merge', { from: ['Media'], into: 'Media' }), 400, 'body', 'from');
    assertNames(await call(app, 'POST', '/manage/categories/merge', { from: [], into: 'Media' }), 400, 'body', 'from');
    assertNames(await call(app, 'POST', '/manage/categories/merge', { from: ['Media'], into: ' Media' }), 400, 'body', 'into');
  });

  it('removes a category: its rows become uncategorised, rules are removed or retargeted as asked, and reported', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const before = await state(app);
    const refused = await call(app, 'DELETE', '/manage/categories/Groceries');
    assert.equal(refused.status, 409);
    assert.match(refused.text, /rule\(s\) 1 name it/);
    // In the query's own words, not the command line's.
    assert.match(refused.text, /rules=remove, or rules=retarget with rulesTo=<category>/);
    assert.doesNotMatch(refused.text, /--/);
    for (const [url, name] of [
      ['/manage/categories/Groceries?rules=retarget', 'rulesTo'],
      ['/manage/categories/Groceries?rules=remove&rulesTo=Food', 'rulesTo'],
      ['/manage/categories/Groceries?rules=retarget&rulesTo=Groceries', 'rulesTo'],
      ['/manage/categories/Groceries?rules=retarget&rulesTo=%20Food', 'rulesTo'],
      ['/manage/categories/Groceries?rules=drop', 'rules'],
    ] as const) {
      assertNames(await call(app, 'DELETE', url), 400, 'query', name);
    }
    assertNames(await call(app, 'DELETE', '/manage/categories/%20Groceries?rules=remove'), 400, 'path', 'categoryName');
    assertNames(await call(app, 'DELETE', `/manage/categories/${'x'.repeat(101)}?rules=remove`), 400, 'path', 'categoryName');
    assert.deepEqual(await state(app), before);
    assert.equal((await call(app, 'DELETE', '/manage/categories/Nope?rules=remove')).status, 404);

    const revision = await store.rules.version();
    const removed = await call(app, 'DELETE', '/manage/categories/Groceries?rules=retarget&rulesTo=Food');
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { name: 'Groceries', uncategorised: 3, rulesRemoved: [], rulesRetargeted: [1], rulesTo: 'Food' });
    assert.notEqual(await store.rules.version(), revision);
    assert.deepEqual((await rowsOf(app)).map((row) => [row.id, row.category ?? null, row.categorySource ?? null]), [
      [1, null, null],
      [2, null, null],
      [3, null, null],
      [4, 'TV', null],
    ]);
    const dropped = await call(app, 'DELETE', '/manage/categories/TV?rules=remove');
    assert.deepEqual(dropped.body, { name: 'TV', uncategorised: 1, rulesRemoved: [2], rulesRetargeted: [] });
    assert.deepEqual(((await call(app, 'GET', '/rules')).body as { id: number; category: string }[]).map((r) => [r.id, r.category]), [[1, 'Food']]);
    // Nothing names it any more: no answer about rules is needed.
    assert.equal((await call(app, 'POST', '/manage/categories', { name: 'Spare' })).status, 201);
    assert.deepEqual((await call(app, 'DELETE', '/manage/categories/Spare')).body, { name: 'Spare', uncategorised: 0, rulesRemoved: [], rulesRetargeted: [] });
  });

  it('groups exist while a category names them: made with categories, renamed, removed', async () => {
    const app = await setup(await freshStore());
    assert.deepEqual((await call(app, 'GET', '/manage/category-groups')).body, []);
    assertNames(await call(app, 'POST', '/manage/category-groups', { name: 'Food', categories: [] }), 400, 'body', 'categories');
    assertNames(await call(app, 'POST', '/manage/category-groups', { name: 'Fo\u0000od', categories: ['TV'] }), 400, 'body', 'name');
    const made = await call(app, 'POST', '/manage/category-groups', { name: 'Food', categories: ['Groceries', 'Snacks'] });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(made.body, { name: 'Food', categories: ['Groceries', 'Snacks'] });
    assert.equal((await call(app, 'POST', '/manage/category-groups', { name: 'Food', categories: ['TV'] })).status, 409);
    assert.equal((await call(app, 'POST', '/manage/category-groups', { name: 'Fun', categories: ['TV'] })).status, 201);
    assert.deepEqual((await call(app, 'GET', '/manage/category-groups')).body, [
      { name: 'Food', categories: ['Groceries', 'Snacks'] },
      { name: 'Fun', categories: ['TV'] },
    ]);
    assert.equal((await call(app, 'PATCH', '/manage/category-groups/Food', { name: 'Fun' })).status, 409);
    const renamed = await call(app, 'PATCH', '/manage/category-groups/Food', { name: 'Essen' });
    assert.deepEqual(renamed.body, { name: 'Essen', categories: ['Groceries', 'Snacks'] });
    // The last category leaving a group ends it.
    assert.equal((await call(app, 'PATCH', '/manage/categories/TV', { group: null })).status, 200);
    assert.equal((await call(app, 'DELETE', '/manage/category-groups/Fun')).status, 404);
    const removed = await call(app, 'DELETE', '/manage/category-groups/Essen');
    assert.deepEqual(removed.body, { name: 'Essen', categories: ['Groceries', 'Snacks'] });
    assert.deepEqual((await call(app, 'GET', '/manage/category-groups')).body, []);
    assert.ok(((await call(app, 'GET', '/categories')).body as { name: string; group?: unknown }[]).every((c) => c.group === undefined));
    assert.equal((await call(app, 'PATCH', '/manage/category-groups/Nope', { name: 'X' })).status, 404);
    assertNames(await call(app, 'PATCH', '/manage/category-groups/%20Nope', { name: 'X' }), 400, 'path', 'groupName');
  });

  it('records every catalogue change in the change feed', async () => {
    const app = await setup(await freshStore());
    const start = ((await call(app, 'GET', '/changes?limit=1000')).body as { next: string }).next;
    assert.equal((await call(app, 'PATCH', '/manage/categories/Groceries', { name: 'Supermarket' })).status, 200);
    assert.equal((await call(app, 'PATCH', '/manage/banks/dkb', { name: 'DKB AG' })).status, 200);
    assert.equal((await call(app, 'DELETE', '/manage/banks/ing?transactions=trash&rules=remove')).status, 200);
    assert.equal((await call(app, 'POST', '/manage/category-groups', { name: 'Food', categories: ['Supermarket'] })).status, 201);
    const page = (await call(app, 'GET', `/changes?since=${start}&limit=1000`)).body as { changes: { type: string; op: string; [key: string]: unknown }[] };
    const seen = page.changes.map((change) => `${change.type} ${change.op} ${JSON.stringify(change.category ?? change.bank ?? change.transaction ?? change.id ?? change.name)}`);
    for (const expected of [
      'category delete "Groceries"',
      'category put {"name":"Supermarket","group":{"name":"Food"}}',
      'bank put {"id":"dkb","name":"DKB AG"}',
      'bank delete "ing"',
      'transaction delete 1',
      'transaction put {"date":"2024-01-03","description":"REWE Berlin","value":-5,"id":3,"category":"Supermarket","bank":"dkb","categorySource":"rule:1"}',
    ]) {
      assert.ok(seen.includes(expected), `${expected} not in ${seen.join('\n')}`);
    }
  });

  it('refuses every catalogue write to a read-only token (403); reads are allowed', async () => {
    const store = await freshStore();
    const app = await setup(store);
    const { token } = await new TokensService(store).create('dashboard', { readOnly: true });
    const headers = { authorization: `Bearer ${token}` };
    const before = await state(app, headers);
    for (const [method, url, body] of [
      ['POST', '/manage/banks', { id: 'x', name: 'X' }],
      ['PATCH', '/manage/banks/ing', { name: 'X' }],
      ['DELETE', '/manage/banks/ing?transactions=trash&rules=remove', undefined],
      ['POST', '/manage/categories', { name: 'X' }],
      ['PATCH', '/manage/categories/TV', { name: 'X' }],
      ['POST', '/manage/categories/merge', { from: ['TV'], into: 'X' }],
      ['DELETE', '/manage/categories/TV?rules=remove', undefined],
      ['POST', '/manage/category-groups', { name: 'X', categories: ['TV'] }],
      ['PATCH', '/manage/category-groups/X', { name: 'Y' }],
      ['DELETE', '/manage/category-groups/X', undefined],
    ] as const) {
      assert.equal((await call(app, method, url, body, headers)).status, 403, `${method} ${url}`);
    }
    assert.deepEqual(await state(app, headers), before);
    assert.equal((await call(app, 'GET', '/manage/category-groups', undefined, headers)).status, 200);
  });

  it('writes racing a category removal all succeed and leave no row naming a removed category', async () => {
    const app = await buildTestApp(await freshStore());
    for (let round = 0; round < 15; round += 1) {
      assert.equal((await call(app, 'POST', '/manage/categories', { name: 'Racy' })).status, 201);
      const writes = Array.from({ length: 6 }, (_, i) =>
        call(app, 'POST', '/transactions', { date: '2024-03-01', description: `race ${round}.${i}`, value: -1, category: 'Racy' }),
      );
      const [removal, ...created] = await Promise.all([call(app, 'DELETE', '/manage/categories/Racy'), ...writes]);
      assert.equal(removal!.status, 200, removal!.text);
      for (const response of created) assert.equal(response.status, 201, response.text);
      const names = new Set(((await call(app, 'GET', '/categories')).body as { name: string }[] | undefined)?.map((c) => c.name) ?? []);
      for (const row of await rowsOf(app)) if (row.category !== undefined) assert.ok(names.has(row.category), `row ${row.id} names ${row.category}`);
      if (names.has('Racy')) assert.equal((await call(app, 'DELETE', '/manage/categories/Racy')).status, 200);
    }
  });
});
