import assert from 'node:assert/strict';
import { it } from 'node:test';
import { loadSampleData } from '../../src/services/demo-data.service.js';
import { RulesService } from '../../src/services/rules.service.js';
import { ruleCategoryResolver } from '../../src/services/rule-resolver.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

describeEachEngine('RulesService', ({ engine, freshStore, freshDbSetting }) => {
  async function seeded() {
    const store = await freshStore();
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    for (const [description, value, category] of [
      ['REWE Markt Berlin', -20, null],
      ['REWE Markt Köln', -35, 'Groceries'],
      ['Netflix.com', -12.99, null],
      ['Salary ACME', 2500, null],
    ] as const) {
      await store.transactions.create({ date: '2024-01-02', description, value, category, bank: 'ing' });
    }
    return store;
  }

  it('adds, lists in apply order and removes rules; refuses an unknown bank', async () => {
    const store = await seeded();
    const rules = new RulesService(store);
    const low = await rules.add({ category: 'Food', descriptionContains: 'rewe' });
    const high = await rules.add({ category: 'Groceries', descriptionContains: 'rewe', priority: '5' });
    assert.deepEqual((await rules.list()).map((rule) => rule.id), [high.id, low.id]);
    await assert.rejects(rules.add({ category: 'X', bank: 'nope' }), /--bank names no known bank/);
    await rules.remove(low.id);
    await assert.rejects(rules.remove(low.id), /no rule has id/);
    assert.deepEqual((await rules.list()).map((rule) => rule.id), [high.id]);
  });

  it('apply --dry-run counts per rule and changes nothing; apply changes only uncategorised rows', async () => {
    const store = await seeded();
    const rules = new RulesService(store);
    const groceries = await rules.add({ category: 'Groceries', descriptionContains: 'rewe', priority: '1' });
    const streaming = await rules.add({ category: 'Streaming', descriptionMatches: '^netflix' });
    const before = await store.transactions.list({ sort: [], limit: 100, offset: 0 });
    const dry = await rules.apply({ dryRun: true, scope: 'uncategorised', overwriteManual: false });
    assert.deepEqual(dry.perRule.map((entry) => [entry.rule.id, entry.changed]), [[groceries.id, 1], [streaming.id, 1]]);
    assert.equal(dry.examined, 3);
    assert.deepEqual(await store.transactions.list({ sort: [], limit: 100, offset: 0 }), before);
    const applied = await rules.apply({ dryRun: false, scope: 'uncategorised', overwriteManual: false });
    assert.equal(applied.changed, 2);
    const categories = (await store.transactions.list({ sort: [], limit: 100, offset: 0 })).rows.map((row) => row.category);
    assert.deepEqual(categories, ['Groceries', 'Groceries', 'Streaming', null]);
    assert.equal((await rules.apply({ dryRun: false, scope: 'uncategorised', overwriteManual: false })).changed, 0);
  });

  it('apply --recategorise --overwrite-manual replaces categories a rule disagrees with', async () => {
    const store = await seeded();
    const rules = new RulesService(store);
    await rules.add({ category: 'Food', descriptionContains: 'köln' });
    const report = await rules.apply({ dryRun: false, scope: 'all', overwriteManual: true });
    assert.deepEqual([report.examined, report.changed], [4, 1]);
    assert.equal((await store.transactions.findById(2))?.category, 'Food');
  });

  it('apply to all leaves a category a person set unless told to overwrite it', async () => {
    const store = await seeded();
    const rules = new RulesService(store);
    await rules.add({ category: 'Food', descriptionContains: 'köln' });
    const before = await store.transactions.findById(2);
    assert.equal(before?.categorySource, null);
    const report = await rules.apply({ dryRun: false, scope: 'all', overwriteManual: false });
    assert.equal(report.changed, 0);
    assert.deepEqual(await store.transactions.findById(2), before);
  });

  it('POST /transactions uses the rules; an explicit category wins', async () => {
    const store = await seeded();
    await new RulesService(store).add({ category: 'Groceries', descriptionContains: 'REWE' });
    const app = await buildTestApp(store);
    const auto = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'rewe city', value: -5 });
    assert.equal(auto.status, 201);
    assert.equal((auto.body as { category: string | null }).category, 'Groceries');
    const explicit = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'rewe city', value: -5, category: 'Gifts' });
    assert.equal((explicit.body as { category: string | null }).category, 'Gifts');
    const unmatched = await call(app, 'POST', '/transactions', { date: '2024-02-01', description: 'bakery', value: -5 });
    assert.equal(unmatched.status, 201);
    assert.equal((unmatched.body as { category?: string }).category, undefined, "no rule matches: no category");
  });

  it('a running server sees a rule added by another process at its next write', async () => {
    const db = await freshDbSetting();
    const open = () => (engine === 'sqlite' ? new SqliteStore({ path: db }) : new PostgresStore({ url: db }));
    const server = open();
    const cli = open();
    try {
      await server.lifecycle.migrate();
      const resolve = ruleCategoryResolver(server);
      assert.equal(await resolve({ date: '2024-01-01', description: 'Spotify AB', value: -9.99 }), null);
      await new RulesService(cli).add({ category: 'Music', descriptionContains: 'spotify' });
      const rule = (await server.rules.list())[0];
      assert.deepEqual(await resolve({ date: '2024-01-01', description: 'Spotify AB', value: -9.99 }), { category: 'Music', source: `rule:${rule?.id}` });
      await new RulesService(cli).update(rule!.id, { category: 'Streaming', descriptionContains: 'spotify' });
      assert.deepEqual(await resolve({ date: '2024-01-01', description: 'Spotify AB', value: -9.99 }), { category: 'Streaming', source: `rule:${rule?.id}` });
    } finally {
      await cli.lifecycle.close();
      await server.lifecycle.close();
    }
  });

  it('suggests merchant tokens from the demo dataset, with rows covered and contradicted, creating nothing', async () => {
    const store = await freshStore();
    await loadSampleData(store);
    const suggestions = await new RulesService(store).suggest();
    assert.ok(suggestions.length >= 10, `got ${suggestions.length} suggestions`);
    const rewe = suggestions.find((suggestion) => suggestion.token === 'rewe');
    assert.ok(rewe, 'REWE is a grocery merchant in the demo data');
    assert.equal(rewe.category, 'Groceries');
    assert.ok(rewe.covers >= 3);
    assert.ok(suggestions.every((suggestion) => suggestion.contradicts / (suggestion.covers + suggestion.contradicts) <= 0.05));
    // Checked against the data: every categorised transaction with the token, counted by category.
    const all = (await store.transactions.list({ sort: [], limit: 10_000, offset: 0 })).rows;
    const withToken = all.filter((transaction) => /rewe/i.test(transaction.description));
    assert.equal(rewe.covers, withToken.filter((transaction) => transaction.category === 'Groceries').length);
    assert.equal(rewe.contradicts, withToken.filter((transaction) => transaction.category !== null && transaction.category !== 'Groceries').length);
    assert.equal(rewe.uncategorised, withToken.filter((transaction) => transaction.category === null).length);
    assert.deepEqual(await store.rules.list(), []);
    await new RulesService(store).add({ category: 'Groceries', descriptionContains: 'REWE' });
    assert.equal((await new RulesService(store).suggest()).find((suggestion) => suggestion.token === 'rewe'), undefined, 'an existing rule is not suggested again');
  });

  it('learns suggestions from the newest transactions only, when the store holds more than the sample', async () => {
    const store = await freshStore();
    for (const [description, category] of [
      ['TESCO STORE 1', 'Groceries'],
      ['TESCO STORE 2', 'Groceries'],
      ['TESCO STORE 3', 'Groceries'],
      ['UBER TRIP 1', 'Transport'],
      ['UBER TRIP 2', 'Transport'],
      ['UBER TRIP 3', 'Transport'],
    ] as const) {
      await store.transactions.create({ date: '2024-01-02', description, value: -5, category, bank: null });
    }
    const tokens = async (sample?: number) => (await new RulesService(store, sample).suggest({ minRows: 3 })).map((suggestion) => suggestion.category).sort();
    assert.deepEqual(await tokens(), ['Groceries', 'Transport']);
    assert.deepEqual(await tokens(6), ['Groceries', 'Transport']);
    // The newest three are Uber's: Tesco's three are outside the sample.
    assert.deepEqual(await tokens(3), ['Transport']);
    assert.equal((await new RulesService(store, 4).suggest({ minRows: 3 }))[0]?.covers, 3);
  });
});
