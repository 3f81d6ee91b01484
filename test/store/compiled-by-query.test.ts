/**
 * The list's statements are compiled once per query value (src/store/compiled-by-query.ts): a
 * repeat must get exactly the statement a fresh build gives, for every shape of page, and two
 * queries that differ in any field must never share one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kysely, type CompiledQuery } from 'kysely';
import type { TransactionQuery } from '../../src/domain/transaction.js';
import { postgresQuirks } from '../../src/store/postgres/postgres-quirks.js';
import { Queries } from '../../src/store/transactions/transactions-queries.js';
import type { Database } from '../../src/store/engine/schema.js';
import { sqliteQuirks } from '../../src/store/sqlite/sqlite-quirks.js';
import type { EngineName } from '../../src/store/store.js';
import { offlineDialect } from '../support/offline-dialect.js';

const page = (fields: Partial<TransactionQuery>): TransactionQuery => ({ sort: [], limit: 100, offset: 0, ...fields });

/** Queries that differ from one another in one field each (values, presence, null against absent). */
const QUERIES: TransactionQuery[] = [
  page({}),
  page({ limit: 10 }),
  page({ offset: 100 }),
  page({ offset: 600_000 }),
  page({ limit: 0 }),
  page({ category: 'Groceries' }),
  page({ category: 'Coffee' }),
  page({ category: null }),
  page({ bank: 'ing' }),
  page({ category: 'Groceries', bank: 'ing' }),
  page({ descriptionContains: 'tesco' }),
  page({ descriptionContains: 'ma' }),
  page({ descriptionContains: 'tesco', category: null }),
  page({ from: '2024-01-01' }),
  page({ from: '2024-01-01', to: '2024-02-01' }),
  page({ minValue: -20, maxValue: -10 }),
  page({ sort: [{ field: 'value', descending: true }] }),
  page({ sort: [{ field: 'value', descending: false }] }),
  page({ sort: [{ field: 'date', descending: false }, { field: 'description', descending: true }] }),
  page({ sort: [{ field: 'id', descending: true }], offset: 600_000 }),
];

/** One of the kept reads, by name. */
type Read = [string, (queries: Queries, query: TransactionQuery) => CompiledQuery];

const statement = (compiled: CompiledQuery) => ({ sql: compiled.sql, parameters: compiled.parameters });

function queriesOf(engine: EngineName): Queries {
  return new Queries(new Kysely<Database>({ dialect: offlineDialect(engine) }), engine === 'sqlite' ? sqliteQuirks : postgresQuirks);
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`the list's statements, compiled once per query [${engine}]`, () => {
    const both: Read[] = [
      ['listPage', (queries, query) => queries.listPage(query)],
      ['countMatching', (queries, query) => queries.countMatching(query)],
    ];
    const sqliteOnly: Read[] = [['storedJsonPage', (queries, query) => queries.storedJsonPage(query)]];
    const postgresOnly: Read[] = [
      ['listPageWithTotal', (queries, query) => queries.listPageWithTotal(query)],
      ['pageInSnapshot', (queries, query) => queries.pageInSnapshot(query, false)],
      ['pageInSnapshot with the total', (queries, query) => queries.pageInSnapshot(query, true)],
    ];
    const reads = [...both, ...(engine === 'sqlite' ? sqliteOnly : postgresOnly)];

    it('a repeat is the same statement as a fresh build, whatever was asked in between', () => {
      const kept = queriesOf(engine);
      for (const round of [1, 2, 3]) {
        for (const [name, read] of reads) {
          for (const query of round === 2 ? [...QUERIES].reverse() : QUERIES) {
            const fresh = read(queriesOf(engine), query);
            assert.deepEqual(statement(read(kept, query)), statement(fresh), `${name} ${JSON.stringify(query)}, round ${round}`);
          }
        }
      }
    });

    it('keeps the compiled statement: a repeat costs no build', () => {
      const kept = queriesOf(engine);
      for (const [name, read] of reads) {
        for (const query of QUERIES) assert.equal(read(kept, query), read(kept, { ...query }), `${name} ${JSON.stringify(query)}`);
      }
    });

    it('holds a bounded number: the oldest is built again, the same', () => {
      const kept = queriesOf(engine);
      const first = kept.listPage(QUERIES[0]!);
      for (let offset = 1; offset <= 300; offset += 1) kept.listPage(page({ offset }));
      const again = kept.listPage(QUERIES[0]!);
      assert.notEqual(again, first, 'evicted and built again');
      assert.deepEqual(statement(again), statement(first));
    });
  });
}
