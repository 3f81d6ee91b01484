/**
 * Named prepared statements on PostgreSQL (issue 16), and their off switch for poolers in
 * transaction mode (`--no-prepared-statements`, MONETA_PREPARED_STATEMENTS=off): which
 * statements get a name, and the same answers both ways through a real store.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Command } from 'commander';
import { CompiledQuery } from 'kysely';
import { addStoreOptions } from '../../src/cli/cli-support.js';
import { OptionValueError, storeConfig } from '../../src/config.js';
import { foldForSearch } from '../../src/domain/text.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { PreparedStatements } from '../../src/store/postgres/prepared-statements.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { served } from '../support/change-pages.js';

describe('prepared statements [postgres]', async () => {
  const skip = await postgresSkipReason();

  it('names each statement text once, never a description search, and nothing when switched off', () => {
    const on = new PreparedStatements(true);
    const byId = CompiledQuery.raw('SELECT * FROM transactions WHERE id = $1', [1]);
    const first = on.config(byId);
    assert.ok(first.name, 'a named statement');
    assert.equal(on.config(CompiledQuery.raw(byId.sql, [2])).name, first.name, 'the same text, the same name');
    assert.notEqual(on.config(CompiledQuery.raw('SELECT 1', [])).name, first.name, 'another text, another name');
    assert.equal(on.config(CompiledQuery.raw("SELECT id FROM transactions WHERE description_folded LIKE $1", ['%tesco%'])).name, undefined);
    assert.equal(on.config(CompiledQuery.raw('SELECT id FROM transactions WHERE description_grams @> ARRAY[$1::text]', ['ma'])).name, undefined);
    const off = new PreparedStatements(false);
    assert.equal(off.config(byId).name, undefined);
    assert.deepEqual(off.config(byId), { text: byId.sql, values: [1] });
  });

  it('is on unless --no-prepared-statements or MONETA_PREPARED_STATEMENTS=off', () => {
    assert.equal(storeConfig({}, {}).preparedStatements, true);
    assert.equal(storeConfig({ preparedStatements: true }, {}).preparedStatements, true);
    assert.equal(storeConfig({ preparedStatements: false }, {}).preparedStatements, false);
    assert.equal(storeConfig({ preparedStatements: true }, { MONETA_PREPARED_STATEMENTS: 'off' }).preparedStatements, false);
    assert.equal(storeConfig({ preparedStatements: false }, { MONETA_PREPARED_STATEMENTS: 'on' }).preparedStatements, false);
    assert.throws(() => storeConfig({}, { MONETA_PREPARED_STATEMENTS: 'yes' }), OptionValueError);
    // The commands' own option parsing (every command that opens a store).
    const parsed = (argv: string[]) => storeConfig(addStoreOptions(new Command('moneta')).exitOverride().parse(argv, { from: 'user' }).opts(), {}).preparedStatements;
    assert.equal(parsed([]), true);
    assert.equal(parsed(['--no-prepared-statements']), false);
  });

  it('a store gives the same answers with and without them', { skip }, async () => {
    const outcomes: unknown[] = [];
    for (const preparedStatements of [true, false]) {
      const database = await createTestDatabase();
      const store = new PostgresStore({ url: database.url, poolMax: 2, preparedStatements });
      after(async () => {
        await store.lifecycle.close();
        await database.drop();
      });
      await store.lifecycle.migrate();
      const steps: unknown[] = [];
      await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
      const created = [];
      for (let n = 0; n < 20; n += 1) created.push(await store.transactions.create({ date: `2024-01-${String(1 + (n % 28)).padStart(2, '0')}`, description: `Shop ${n} market`, value: n, bank: n % 2 ? 'ing' : null }));
      steps.push(created);
      for (const row of created.slice(0, 5)) steps.push(await store.transactions.setCategory(row.id, 'Food', null));
      for (const id of [1, 2, 3, 999]) steps.push(await store.transactions.findById(id));
      steps.push(await store.transactions.list({ sort: [], limit: 7, offset: 3 }));
      steps.push(await store.transactions.list({ sort: [{ field: 'date', descending: true }], limit: 5, offset: 0, bank: 'ing' }));
      for (const needle of ['ma', 'm', 'market', 'shop 1']) steps.push(await store.transactions.list({ sort: [], limit: 4, offset: 0, descriptionContains: foldForSearch(needle) }));
      steps.push(await store.transactions.delete({ ids: [4, 5] }, 1, { reason: 'request' }));
      // Each store names itself at random (migration 0015): the page's next is compared without its origin.
      const page = served(await store.changes.after({ seq: 0, phase: 0, key: 0 }, 100));
      const { origin: _origin, ...place } = page.next;
      steps.push({ ...page, next: place });
      // Concurrent writes: statements prepared on one connection run on the others too.
      const concurrent = await Promise.all(Array.from({ length: 20 }, (_, n) => store.transactions.create({ date: '2024-02-01', description: `later ${n}`, value: n })));
      steps.push(concurrent.length, (await store.transactions.list({ sort: [], limit: 0, offset: 0 })).total);
      outcomes.push(steps);
    }
    assert.deepEqual(outcomes[0], outcomes[1]);
  });
});
