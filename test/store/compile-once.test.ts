import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { compileOnce } from '../../src/store/engine/compile-once.js';
import type { Database } from '../../src/store/engine/schema.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('compileOnce', () => {
  it('gives the SQL and parameters a fresh compile gives, for every call', () => {
    let builds = 0;
    const build = ({ name, group }: { name: string; group: string | null }) => {
      builds += 1;
      return db.insertInto('categories').values({ group_name: group, name }).onConflict((oc) => oc.column('name').doNothing()).compile();
    };
    const once = compileOnce(['name', 'group'], build);
    for (const values of [
      { name: 'Food', group: 'Living' },
      { name: 'Rent', group: null },
      { name: '\u0001compile-once:group', group: 'a value that looks like a marker' },
    ]) {
      const expected = build(values);
      const actual = once(values);
      assert.equal(actual.sql, expected.sql);
      assert.deepEqual(actual.parameters, expected.parameters);
    }
    assert.equal(builds, 3 + 1, 'one build for the template, none per call');
  });

  it('keeps constants the builder puts among the parameters', () => {
    const once = compileOnce(['name'], ({ name }: { name: string }) => db.insertInto('categories').values({ name, group_name: 'Fixed' }).compile());
    assert.deepEqual(once({ name: 'Food' }).parameters, ['Food', 'Fixed']);
  });

  it('refuses a builder that transforms a value, uses it twice or drops it, instead of binding wrong values', () => {
    const transformed = compileOnce(['name'], ({ name }: { name: string }) => db.selectFrom('categories').selectAll().where('name', '=', name.toUpperCase()).compile());
    assert.throws(() => transformed({ name: 'food' }), /"COMPILE-ONCE:NAME"|changed|did not reach/);
    const twice = compileOnce(['name'], ({ name }: { name: string }) =>
      db.selectFrom('categories').selectAll().where('name', '=', name).where('group_name', '=', name).compile(),
    );
    assert.throws(() => twice({ name: 'food' }), /twice/);
    const dropped = compileOnce(['name', 'group'], ({ name }: { name: string; group: string }) => db.selectFrom('categories').selectAll().where('name', '=', name).compile());
    assert.throws(() => dropped({ name: 'food', group: 'x' }), /group did not reach/);
  });
});
