/**
 * SQLite's JSON pages (src/store/sqlite/json-page.ts): byte for byte what the route's serialiser
 * writes for the same page presented by presentTransaction, for random text and numbers, every
 * sort and filter, deep offsets and both arms of a trigram search; the contract's properties, in
 * the serialiser's order.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, SqliteDialect } from 'kysely';
import { SORTABLE_FIELDS, type SortKey } from '../../src/domain/sort.js';
import { foldForSearch } from '../../src/domain/text.js';
import type { NewTransaction, TransactionQuery, TransactionRecord } from '../../src/domain/transaction.js';
import { contractOperations, type JsonSchema } from '../../src/http/contract.js';
import { presentTransaction } from '../../src/http/presenters.js';
import { sqliteQuirks } from '../../src/store/sqlite/sqlite-quirks.js';
import { Queries } from '../../src/store/transactions/transactions-queries.js';
import type { Database } from '../../src/store/engine/schema.js';
import { listStoredJsonPage, TRANSACTION_JSON, TRANSACTION_JSON_FIELDS } from '../../src/store/sqlite/json-page.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { listTransactionsSerialiser } from '../support/route-serialiser.js';
import { BANKS, EDGE_VALUES, rowArbitrary, valueArbitrary } from '../support/transaction-arbitraries.js';

const dir = mkdtempSync(join(tmpdir(), 'moneta-json-page-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A migrated store with the test banks, closed by `onEnd` (the test's or the suite's after). */
async function openStore(onEnd: (close: () => Promise<void>) => void, path = ':memory:'): Promise<SqliteStore> {
  const store = new SqliteStore({ path });
  onEnd(() => store.lifecycle.close());
  await store.lifecycle.migrate();
  for (const id of BANKS) await store.catalogue.addBank({ id, name: id, aggregatorId: null });
  return store;
}

async function insert(store: SqliteStore, rows: NewTransaction[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await Promise.all(rows.slice(start, start + 500).map((row) => store.transactions.create(row)));
}

const serialise = await listTransactionsSerialiser();

async function assertSamePage(store: SqliteStore, query: TransactionQuery, label = JSON.stringify(query)): Promise<TransactionRecord[]> {
  const written = await store.transactions.page(query);
  const page = await store.transactions.list(query);
  assert.equal(written.json, serialise(page.rows.map(presentTransaction)), label);
  assert.equal(written.count, page.rows.length, `count for ${label}`);
  assert.equal(written.total, page.total, `total for ${label}`);
  return page.rows;
}

describe('SQLite JSON pages', () => {
  it('write exactly the properties of the contract Transaction, in the order the serialiser writes them', () => {
    const list = contractOperations().find((operation) => operation.operationId === 'listTransactions');
    const transaction = (list?.responses['200']?.items ?? {}) as { properties: Record<string, JsonSchema>; required: string[] };
    assert.deepEqual(TRANSACTION_JSON_FIELDS.map((field) => field.key).sort(), Object.keys(transaction.properties).sort());
    for (const field of TRANSACTION_JSON_FIELDS) {
      const schema = transaction.properties[field.key] ?? {};
      const type = schema.type ?? (schema.allOf as JsonSchema[] | undefined)?.[0]?.type;
      assert.equal(type, { integer: 'integer', double: 'number', string: 'string', boolean: 'boolean' }[field.type], `type of ${field.key}`);
      // Always present: required (in responses; the id is read-only, set by the server). A read-only
      // property that is not required (categorySource) is set by the server, and only sometimes.
      const alwaysPresent = transaction.required.includes(field.key);
      assert.equal(field.optional, !alwaysPresent, `${field.key} is ${alwaysPresent ? 'always present' : 'optional'}`);
    }
    const keysWritten = (record: TransactionRecord) => Object.keys((JSON.parse(serialise([presentTransaction(record)])) as object[])[0] ?? {});
    const full: TransactionRecord = { id: 1, date: '2024-01-01', description: 'd', value: 1, category: 'c', bank: 'b', categorySource: 'import', account: 3, status: 'cleared', split: true };
    assert.deepEqual(keysWritten(full), TRANSACTION_JSON_FIELDS.map((field) => field.key));
    assert.deepEqual(keysWritten({ ...full, category: null, bank: null, categorySource: null, account: null, status: null, split: null }), TRANSACTION_JSON_FIELDS.filter((field) => !field.optional).map((field) => field.key));
  });

  it('equal the serialised page for random text, numbers, categories and banks', async (t) => {
    const store = await openStore((close) => t.after(close));
    let inserted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rowArbitrary, { minLength: 1, maxLength: 25 }), async (rows) => {
        await insert(store, rows);
        const query: TransactionQuery = { sort: [], limit: rows.length, offset: inserted };
        inserted += rows.length;
        const page = await assertSamePage(store, query);
        assert.equal(page.length, rows.length);
      }),
      { numRuns: 150 },
    );
  });

  it('write 20,000 random doubles and the edge cases as the serialiser does', async (t) => {
    const store = await openStore((close) => t.after(close));
    const values = [...EDGE_VALUES, ...fc.sample(valueArbitrary, 20_000)];
    await insert(store, values.map((value) => ({ date: '2024-01-01', description: '', value })));
    for (let offset = 0; offset < values.length; offset += 2500) await assertSamePage(store, { sort: [], limit: 2500, offset }, `values from ${offset}`);
    const written = await store.transactions.page({ sort: [], limit: EDGE_VALUES.length, offset: 0 });
    assert.deepEqual((JSON.parse(written.json) as { value: number }[]).map((row) => row.value), EDGE_VALUES.map((value) => value + 0));
  });

  it('write a stored infinity as null, as the serialiser does', async (t) => {
    const store = await openStore((close) => t.after(close));
    await insert(store, [Infinity, -Infinity, 1].map((value) => ({ date: '2024-01-01', description: 'x', value })));
    await assertSamePage(store, { sort: [], limit: 10, offset: 0 });
    assert.match((await store.transactions.page({ sort: [], limit: 10, offset: 0 })).json, /"value":null.*"value":null.*"value":1,/);
  });

  it('answer an empty page and limit=0 with the total, count 0 and []', async (t) => {
    const store = await openStore((close) => t.after(close));
    await insert(store, [{ date: '2024-01-01', description: 'x', value: 1 }]);
    assert.deepEqual(await store.transactions.page({ sort: [], limit: 0, offset: 0 }), { total: 1, count: 0, json: '[]' });
    assert.deepEqual(await store.transactions.page({ sort: [], limit: 10, offset: 1 }), { total: 1, count: 0, json: '[]' });
    assert.deepEqual(await store.transactions.page({ category: 'none', sort: [], limit: 10, offset: 0 }), { total: 0, count: 0, json: '[]' });
  });

  it('see what listTransactions sees inside an import in progress', async (t) => {
    const store = await openStore((close) => t.after(close));
    await insert(store, [{ date: '2024-01-01', description: 'before', value: 1 }]);
    const session = await store.imports.begin('ing');
    try {
      await session.insertNew([{ key: 'k1', date: '2024-01-02', description: 'imported "x"', value: -0.5, category: 'New' }]);
      await assertSamePage(store, { sort: [], limit: 10, offset: 0 });
      assert.equal((await store.transactions.page({ sort: [], limit: 10, offset: 0 })).count, 2);
    } finally {
      await session.rollback();
    }
    assert.equal((await store.transactions.page({ sort: [], limit: 10, offset: 0 })).count, 1);
  });

  describe('every page shape', async () => {
    const path = join(dir, `shapes-${(files += 1)}.db`);
    const store = await openStore(after, path);
    const DESCRIPTIONS = ['TESCO STORES 3021', 'Tesco Express', 'Coffee "Bar"', 'te', 'Straße Café', 'rent \\ march', '🙂 shop'];
    const CATEGORIES = ['Groceries', 'Coffee', null, 'Zeta'];
    const rows = (from: number, count: number): NewTransaction[] =>
      Array.from({ length: count }, (_, index) => {
        const i = from + index;
        return {
          // Few dates, descriptions and values: sorts meet many ties, broken by id.
          date: `2024-0${1 + (i % 3)}-1${i % 5}`,
          description: `${DESCRIPTIONS[i % DESCRIPTIONS.length]} ${i % 11}`,
          value: i % 13 === 0 ? (i * 0.37) / 3 : ((i % 17) - 8) / 4,
          category: CATEGORIES[i % CATEGORIES.length] ?? null,
          bank: i % 5 === 0 ? null : BANKS[i % BANKS.length] ?? null,
        };
      });
    // The first 1200 rows in the trigram index, the last 400 not yet: a search walks both arms.
    await insert(store, rows(0, 1200));
    while ((await store.searchIndex.indexChunk(500)) === 'indexed');
    await store.searchIndex.pause();
    await insert(store, rows(1200, 400));
    const reader = new BetterSqlite3(path, { readonly: true });
    after(() => reader.close());
    const queries = new Queries(new Kysely<Database>({ dialect: new SqliteDialect({ database: reader }) }), sqliteQuirks);

    const FILTERS: Array<Pick<TransactionQuery, 'category' | 'bank' | 'descriptionContains'>> = [
      {}, { category: 'Coffee' }, { category: null }, { bank: 'ing' }, { category: null, bank: 'Z9' },
      { descriptionContains: 'tesco' }, { descriptionContains: foldForSearch('STRASSE café') }, { descriptionContains: 'te' }, { descriptionContains: 't' },
      { descriptionContains: 'tesco', category: 'Groceries', bank: 'b.c_d-1' }, { descriptionContains: 'zzz' },
    ];
    const keys = (field: SortKey['field']): SortKey[] => [{ field, descending: false }, { field, descending: true }];
    const SORTS: SortKey[][] = [[]];
    for (const first of SORTABLE_FIELDS) {
      for (const one of keys(first)) {
        SORTS.push([one]);
        for (const second of SORTABLE_FIELDS) if (second !== first) for (const two of keys(second)) SORTS.push([one, two]);
      }
    }
    SORTS.push(
      [{ field: 'category', descending: true }, { field: 'value', descending: false }, { field: 'date', descending: true }],
      [{ field: 'description', descending: false }, { field: 'category', descending: false }, { field: 'id', descending: true }],
    );
    const WINDOWS = [{ offset: 0, limit: 100 }, { offset: 1000, limit: 100 }, { offset: 1550, limit: 100 }, { offset: 5000, limit: 10 }, { offset: 3, limit: 0 }];

    it('has rows both in and past the trigram index', () => {
      const state = reader.prepare('SELECT indexed_through AS indexed, (SELECT max(id) FROM transactions) AS newest FROM search_index_state').get() as { indexed: number; newest: number };
      assert.ok(state.indexed >= 1000 && state.indexed < state.newest, JSON.stringify(state));
    });

    it('every sort spec, unfiltered and filtered, first and deep pages', async () => {
      for (const [index, sort] of SORTS.entries()) {
        for (const filters of [{}, FILTERS[1 + (index % (FILTERS.length - 1))]]) {
          for (const window of WINDOWS.slice(0, 2)) await assertSamePage(store, { ...filters, sort, ...window });
        }
      }
    });

    it('every filter in id order both ways and unsorted, at every offset (plain, deep and trigram pages)', async () => {
      for (const filters of FILTERS) {
        for (const sort of [[], ...keys('id').map((key) => [key])]) {
          for (const window of WINDOWS) await assertSamePage(store, { ...filters, sort, ...window });
        }
      }
    });

    it('adds no sort to the page query for any shape (EXPLAIN QUERY PLAN)', () => {
      const sorts = (compiled: { sql: string; parameters: readonly unknown[] }) =>
        (reader.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.parameters) as { detail: string }[])
          .filter((step) => step.detail.startsWith('USE TEMP B-TREE')).length;
      for (const filters of FILTERS) {
        for (const sort of [[], ...keys('id').map((key) => [key]), [{ field: 'value', descending: true }, { field: 'date', descending: false }]] as SortKey[][]) {
          for (const window of WINDOWS.slice(0, 2)) {
            const query: TransactionQuery = { ...filters, sort, ...window };
            assert.equal(sorts(queries.listPageAs(query, TRANSACTION_JSON)), sorts(queries.listPage(query)), JSON.stringify(query));
            assert.equal(sorts(listStoredJsonPage(queries, query)), sorts(queries.listPage(query)), `stored: ${JSON.stringify(query)}`);
          }
        }
      }
    });
  });
});
