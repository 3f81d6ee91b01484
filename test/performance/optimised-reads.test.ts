/**
 * The read optimisations of migration 0004 (counts table, trigram index, count cache, streamed
 * pages) against the plain definitions: a JS filter over every row, foldForSearch included.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { foldForSearch } from '../../src/domain/text.js';
import { transactionObject, type TransactionQuery, type TransactionRecord } from '../../src/domain/transaction.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Store } from '../../src/store/store.js';
import { describeEachEngine } from '../support/engines.js';
import { testPool } from '../support/postgres.js';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import BetterSqlite3 from 'better-sqlite3';
import { compactCounts, countDeltaStats } from '../../src/store/postgres/count-compactor.js';
import type { Database } from '../../src/store/engine/schema.js';

const everything = (overrides: Partial<TransactionQuery> = {}): TransactionQuery => ({ sort: [], limit: 1_000_000, offset: 0, ...overrides });

const DESCRIPTIONS = [
  'TESCO STORES 3021 LONDON', 'Tesco Express', 'tescos', 'TES CO', 'MARKS & SPENCER', 'Amazon Marketplace',
  '50% OFF_SALE \\ outlet', '50%OFF', 'SHOP_ONLINE 24', 'SHOPXONLINE', 'say "hi" there', 'Straße Café', 'STRASSE CAFE',
  'Cafe\u0301 noir', 'ǅemal ΣΊΣΥΦΟΣ', '🙂 emoji 🙂 shop', 'ma', 'm', 'a\\b%c_d', 'percent % only', '__init__',
];
const PATTERNS = [
  'tesco', 'TESCO', 'tes', 'es', 'ma', 'm', '%', '_', '\\', '50% off', '50%', '% o', 'shop_online', 'p_o', 'hop_',
  '"hi"', '"', 'strasse', 'ß', 'café', 'e\u0301', 'σίσυφος', '🙂', '🙂 e', 'a\\b%c_d', '\\b%', 'zzz', 'x', '__',
];
const CATEGORIES = ['Groceries', 'Shopping', null] as const;
const BANKS = ['ing', 'monzo', null] as const;

async function fill(store: Store, copies: number): Promise<void> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  await store.catalogue.addBank({ id: 'monzo', name: 'Monzo', aggregatorId: null });
  for (let copy = 0; copy < copies; copy += 1) {
    const writes: Promise<unknown>[] = [];
    DESCRIPTIONS.forEach((description, index) => {
      writes.push(store.transactions.create({
        date: `2024-01-${String(1 + ((index + copy) % 28)).padStart(2, '0')}`,
        description,
        value: (index * 7 + copy) % 13 - 6,
        category: CATEGORIES[(index + copy) % 3] ?? null,
        bank: BANKS[(index * 2 + copy) % 3] ?? null,
      }));
    });
    // A copy at a time, concurrently: the writes share group commits (SQLite) and contend for
    // the same counts rows (PostgreSQL), as concurrent HTTP requests do.
    await Promise.all(writes);
  }
}

function plain(rows: TransactionRecord[], query: TransactionQuery): TransactionRecord[] {
  return rows.filter((row) =>
    (query.category === undefined || row.category === query.category) &&
    (query.bank === undefined || row.bank === query.bank) &&
    (query.descriptionContains === undefined || foldForSearch(row.description).includes(query.descriptionContains)));
}

async function assertMatchesPlain(store: Store, query: TransactionQuery, label: string): Promise<void> {
  const all = (await store.transactions.list(everything())).rows;
  const expected = plain(all, query);
  const page = await store.transactions.list({ ...query, limit: 1_000_000 });
  assert.equal(page.total, expected.length, `total for ${label}`);
  assert.deepEqual(page.rows.map((row) => row.id), expected.map((row) => row.id), `rows for ${label}`);
}

/** Small pages at several offsets, ascending and descending by id, against slices of the plain result. */
async function assertPagesMatchPlain(store: Store, query: TransactionQuery, offsets: number[], label: string): Promise<void> {
  const all = (await store.transactions.list(everything())).rows;
  for (const descending of [false, true]) {
    const expected = plain(all, query);
    if (descending) expected.reverse();
    for (const offset of offsets) {
      const page = await store.transactions.list({ ...query, sort: [{ field: 'id', descending }], offset, limit: 7 });
      assert.equal(page.total, expected.length, `total for ${label} at ${offset}`);
      assert.deepEqual(page.rows, expected.slice(offset, offset + 7), `page for ${label} at ${offset}${descending ? ' descending' : ''}`);
    }
  }
}

const filterCombinations = (): Array<Pick<TransactionQuery, 'category' | 'bank'>> => {
  const result: Array<Pick<TransactionQuery, 'category' | 'bank'>> = [{}];
  for (const category of [...CATEGORIES, 'Nothing']) result.push({ category });
  for (const bank of ['ing', 'monzo', 'nobank']) result.push({ bank });
  for (const category of CATEGORIES) for (const bank of ['ing', 'monzo']) result.push({ category, bank });
  return result;
};

describeEachEngine('optimised reads equal the plain definitions', ({ engine, freshStore, freshDbSetting }) => {
  it('X-Total-Count from the counts table equals a plain count after concurrent writes and re-categorisation', async () => {
    const store = await freshStore();
    await fill(store, 8);
    for (const filters of filterCombinations()) await assertMatchesPlain(store, everything(filters), JSON.stringify(filters));
    const all = (await store.transactions.list(everything())).rows;
    // Concurrent re-categorisations, some to a new category, some to none, some no-ops.
    await Promise.all(all.filter((_, index) => index % 3 === 0).map((row, index) =>
      store.transactions.setCategory(row.id, [null, 'Shopping', 'Travel', row.category][index % 4] ?? null)));
    await store.catalogue.removeCategory('Groceries', { force: true });
    for (const filters of [...filterCombinations(), { category: 'Travel' }, { category: 'Groceries' }]) {
      await assertMatchesPlain(store, everything(filters), `after updates ${JSON.stringify(filters)}`);
    }
  });

  it('counts stay exact while deltas are compacted concurrently with writes (PostgreSQL)', { skip: engine !== 'postgres' && 'only PostgreSQL keeps count deltas' }, async () => {
    const url = await freshDbSetting();
    const store = new PostgresStore({ url });
    const pool = testPool(url, 4);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await store.lifecycle.migrate();
      await fill(store, 3);
      const all = (await store.transactions.list(everything())).rows;
      await Promise.all([
        fill(store, 3),
        ...all.map((row, index) => store.transactions.setCategory(row.id, index % 2 === 0 ? 'Travel' : null)),
        ...Array.from({ length: 5 }, () => pool.query(compactCounts(kysely).sql)),
      ]);
      await pool.query(compactCounts(kysely).sql);
      const { rows } = await pool.query<{ deltas: string; pairs: string }>(countDeltaStats(kysely).sql);
      assert.equal(rows[0]?.deltas, rows[0]?.pairs, 'one row per pair after a quiet compaction');
      for (const filters of [...filterCombinations(), { category: 'Travel' }]) await assertMatchesPlain(store, everything(filters), `compacted ${JSON.stringify(filters)}`);
    } finally {
      await store.lifecycle.close();
      await pool.end();
    }
  });

  it('description search equals the unindexed definition for long, short and wildcard patterns', async () => {
    const store = await freshStore();
    await fill(store, 2);
    for (const pattern of PATTERNS) {
      const folded = foldForSearch(pattern);
      await assertMatchesPlain(store, everything({ descriptionContains: folded }), `"${pattern}"`);
      await assertMatchesPlain(store, everything({ descriptionContains: folded, category: 'Shopping', bank: 'ing' }), `"${pattern}" filtered`);
    }
  });

  it('search pages (trigram walk) and deep offsets (keyset) equal slices of the plain result', async () => {
    const store = await freshStore();
    await fill(store, 60);
    for (const pattern of ['tesco', 'shop', '50% off', 'ma', '"hi"']) {
      for (const filters of [{}, { category: 'Shopping' }, { category: null, bank: 'ing' }]) {
        await assertPagesMatchPlain(store, everything({ ...filters, descriptionContains: foldForSearch(pattern) }), [0, 3, 40, 55, 1000], `"${pattern}" ${JSON.stringify(filters)}`);
      }
    }
    for (const filters of [{}, { category: 'Groceries' }, { bank: 'monzo', category: null }]) {
      await assertPagesMatchPlain(store, everything(filters), [0, 999, 1000, 1001, 1255, 1259, 1260, 5000], `offsets ${JSON.stringify(filters)}`);
    }
  });

  it('deep offsets stay exact when ids have gaps (rows deleted behind the API)', async () => {
    const setting = await freshDbSetting();
    const store: Store = engine === 'sqlite' ? new SqliteStore({ path: setting }) : new PostgresStore({ url: setting });
    try {
      await store.lifecycle.migrate();
      await fill(store, 60);
      await assertPagesMatchPlain(store, everything(), [1000, 1200], 'contiguous ids');
      const doomed = 'DELETE FROM transactions WHERE id IN (3, 500, 1001, 1200)';
      if (engine === 'sqlite') {
        const db = new BetterSqlite3(setting);
        db.exec(doomed);
        db.close();
      } else {
        const client = new pg.Client({ connectionString: setting });
        await client.connect();
        await client.query(doomed);
        await client.end();
      }
      await assertPagesMatchPlain(store, everything(), [998, 1000, 1195, 1250, 1256, 1300], 'ids with gaps');
      await assertPagesMatchPlain(store, everything({ category: 'Shopping' }), [0, 400, 419, 420], 'ids with gaps, filtered');
    } finally {
      await store.lifecycle.close();
    }
  });

  it('a repeated search total follows every write (count cache)', async () => {
    const store = await freshStore();
    await fill(store, 1);
    const search = everything({ descriptionContains: 'tesco' });
    const before = (await store.transactions.list(search)).total;
    assert.equal((await store.transactions.list(search)).total, before);
    const created = await store.transactions.create({ date: '2024-02-01', description: 'TESCO again', value: -1, category: 'Shopping' });
    assert.equal((await store.transactions.list(search)).total, before + 1);
    assert.equal((await store.transactions.list({ ...search, category: 'Shopping' })).total, plain((await store.transactions.list(everything())).rows, { ...search, category: 'Shopping' }).length);
    await store.transactions.setCategory(created.id, null);
    await assertMatchesPlain(store, { ...search, category: 'Shopping' }, 'after re-categorising');
    // Any category, then uncategorised only, then any again: three different cached totals.
    for (const category of [undefined, null, undefined]) await assertMatchesPlain(store, { ...search, category }, `category ${String(category)}`);
  });

  it('a write by another process moves the cached search total', async () => {
    const setting = await freshDbSetting();
    const open = (): Store => (engine === 'sqlite' ? new SqliteStore({ path: setting }) : new PostgresStore({ url: setting }));
    const reader = open();
    const writer = open();
    try {
      await reader.lifecycle.migrate();
      await fill(writer, 1);
      const search = everything({ descriptionContains: 'tesco' });
      const before = (await reader.transactions.list(search)).total;
      await writer.transactions.create({ date: '2024-02-01', description: 'tesco elsewhere', value: -1 });
      assert.equal((await reader.transactions.list(search)).total, before + 1);
    } finally {
      await reader.lifecycle.close();
      await writer.lifecycle.close();
    }
  });

  it('a streamed page equals the concatenation of small pages, total included', async () => {
    const setting = await freshDbSetting();
    // A file (or server) database, so SQLite streams on a connection of its own as in production.
    const store: Store = engine === 'sqlite' ? new SqliteStore({ path: setting }) : new PostgresStore({ url: setting });
    try {
      await store.lifecycle.migrate();
      await fill(store, 250);
      for (const query of [everything(), everything({ category: 'Shopping' }), everything({ descriptionContains: 'shop', sort: [{ field: 'value', descending: true }] }), everything({ offset: 1000 })]) {
        const stream = await store.transactions.stream(query);
        const streamed: string[] = [];
        for await (const batch of stream.batches) {
          assert.notEqual(batch, '[]', 'a batch is never empty');
          streamed.push(batch.slice(1, -1));
        }
        const pages: TransactionRecord[] = [];
        let total = -1;
        for (let offset = query.offset; ; offset += 700) {
          const page = await store.transactions.list({ ...query, offset, limit: 700 });
          total = page.total;
          pages.push(...page.rows);
          if (page.rows.length < 700) break;
        }
        assert.equal(stream.total, total);
        // Byte for byte the JSON the route's serialiser writes for the same rows.
        assert.equal(`[${streamed.join(',')}]`, JSON.stringify(pages.map(transactionObject)));
      }
      // Abandoning a stream releases it: the store still answers (and closes) afterwards.
      const abandoned = await store.transactions.stream(everything());
      await abandoned.batches.next();
      await abandoned.batches.return();
      assert.equal((await store.transactions.list(everything({ limit: 1 }))).rows.length, 1);
    } finally {
      await store.lifecycle.close();
    }
  });
});
