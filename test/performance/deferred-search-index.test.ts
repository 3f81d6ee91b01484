/**
 * The deferred trigram index of migration 0005 (SQLite): searches equal the plain definition (a
 * JS filter with foldForSearch) whether the index lags, has caught up, or is fed by two processes
 * at once; the watermark never passes an unindexed row; a restart catches up.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionQuery, TransactionRecord } from '../../src/domain/transaction.js';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { copyStore } from '../../src/store/copy/copy-store.js';
import { openTableAccess } from '../../src/store/open-table-access.js';
import { projectFile } from '../../src/project-root.js';

const DESCRIPTIONS = [
  'TESCO STORES 3021 LONDON', 'Tesco Express', 'tescos', 'TES CO', '50% OFF_SALE \\ outlet', '50%OFF', 'SHOP_ONLINE 24',
  'SHOPXONLINE', 'say "hi" there', 'Straße Café', 'Cafe\u0301 noir', '🙂 emoji 🙂 shop', 'ma', 'a\\b%c_d', '__init__',
];
const PATTERNS = ['tesco', 'tes', 'es', 'm', '%', '_', '\\', '50% off', '50%', 'shop_online', 'p_o', '"hi"', 'strasse', 'café', '🙂 e', 'a\\b%c_d', '__', 'zzz'];

const dir = mkdtempSync(join(tmpdir(), 'moneta-deferred-index-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(dir, `store-${(files += 1)}.db`);

async function openStore(path: string): Promise<SqliteStore> {
  const store = new SqliteStore({ path, busyTimeoutMs: 10_000, writer: 'thread' });
  await store.lifecycle.migrate();
  return store;
}

async function write(store: SqliteStore, copies: number, tag: string): Promise<void> {
  for (let copy = 0; copy < copies; copy += 1) {
    await Promise.all(
      DESCRIPTIONS.map((description, index) =>
        store.transactions.create({
          date: '2024-01-01',
          description: `${description} ${tag}`,
          value: index - copy,
          category: (index + copy) % 3 === 0 ? 'Groceries' : null,
          bank: null,
        }),
      ),
    );
  }
}

function plain(rows: TransactionRecord[], query: TransactionQuery): TransactionRecord[] {
  return rows.filter(
    (row) =>
      (query.category === undefined || row.category === query.category) &&
      (query.descriptionContains === undefined || foldForSearch(row.description).includes(query.descriptionContains)),
  );
}

/**
 * Every pattern, with and without a category filter: full result, total, and small pages both
 * ways, against the plain filter over every row.
 *
 * While another process is writing, each read sees its own snapshot. Rows are only ever added,
 * and SQLite commits them in id order (one writer at a time, AUTOINCREMENT ids taken inside the
 * write lock), so every snapshot holds exactly the rows with id <= some bound: its plain result
 * is the first `total` rows of the plain result over a later read of every row, and holds at
 * least the plain result over an earlier one. Each answer is checked against exactly that.
 */
async function assertSearchesMatchPlain(store: SqliteStore, label: string): Promise<void> {
  const everything: TransactionQuery = { sort: [], limit: 1_000_000, offset: 0 };
  const before = (await store.transactions.list(everything)).rows;
  const answers: Array<{ query: TransactionQuery; what: string; descending: boolean; offset: number; limit: number; rows: TransactionRecord[]; total: number }> = [];
  for (const pattern of PATTERNS) {
    for (const category of [undefined, 'Groceries', null]) {
      const query: TransactionQuery = { ...everything, descriptionContains: foldForSearch(pattern), category };
      const what = `${label}: "${pattern}" in ${String(category)}`;
      const whole = await store.transactions.list(query);
      answers.push({ query, what, descending: false, offset: 0, limit: 1_000_000, ...whole });
      for (const descending of [false, true]) {
        for (const offset of [0, 5, Math.max(0, whole.total - 3)]) {
          const page = await store.transactions.list({ ...query, sort: [{ field: 'id', descending }], offset, limit: 4 });
          answers.push({ query, what: `${what}, page at ${offset}${descending ? ' desc' : ''}`, descending, offset, limit: 4, ...page });
        }
      }
    }
  }
  const later = (await store.transactions.list(everything)).rows;
  for (const answer of answers) {
    const atLeast = plain(before, answer.query).length;
    const upTo = plain(later, answer.query);
    assert.ok(answer.total >= atLeast && answer.total <= upTo.length, `total ${answer.total} outside [${atLeast}, ${upTo.length}], ${answer.what}`);
    const inSnapshot = upTo.slice(0, answer.total);
    if (answer.descending) inSnapshot.reverse();
    assert.deepEqual(answer.rows, inSnapshot.slice(answer.offset, answer.offset + answer.limit), answer.what);
  }
}

/** The watermark and what the FTS table holds, read directly. */
function indexState(path: string): { watermark: number; maxId: number; indexed: number; unindexedBelow: number; rows: number } {
  const db = new BetterSqlite3(path, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT (SELECT indexed_through FROM search_index_state) AS watermark, coalesce((SELECT max(id) FROM transactions), 0) AS maxId,
          (SELECT count(*) FROM transactions_fts_docsize) AS indexed, (SELECT count(*) FROM transactions) AS rows,
          (SELECT count(*) FROM transactions WHERE id <= (SELECT indexed_through FROM search_index_state)
            AND id NOT IN (SELECT id FROM transactions_fts_docsize)) AS unindexedBelow`,
      )
      .get() as { watermark: number; maxId: number; indexed: number; unindexedBelow: number; rows: number };
  } finally {
    db.close();
  }
}

/** FTS5's own check of the index against the content table (throws SQLITE_CORRUPT_VTAB when they differ). */
function assertIndexIntact(path: string): void {
  const db = new BetterSqlite3(path);
  try {
    db.prepare("INSERT INTO transactions_fts (transactions_fts, rank) VALUES ('integrity-check', 1)").run();
  } finally {
    db.close();
  }
}

/** Waits for the store's own indexer to find nothing left (an event of the indexer, not a time), then checks the file says so. */
async function indexerCaughtUp(store: SqliteStore, path: string, what: string): Promise<void> {
  await store.searchIndex.caughtUp();
  const state = indexState(path);
  assert.equal(state.watermark, state.maxId, `${what}: the watermark is at the last row`);
}

describe('deferred search index (SQLite, migration 0005)', () => {
  it('writes do not touch the index; searches equal the plain definition while it lags and after it catches up', async () => {
    const path = freshPath();
    const store = await openStore(path);
    try {
      await write(store, 2, 'early');
      await indexerCaughtUp(store, path, 'the first rows');
      await store.searchIndex.pause();
      await write(store, 3, 'late');
      const lagging = indexState(path);
      assert.equal(lagging.watermark, DESCRIPTIONS.length * 2, 'the paused indexer left the new rows unindexed');
      assert.equal(lagging.indexed, DESCRIPTIONS.length * 2, 'no trigger indexed the new rows');
      await assertSearchesMatchPlain(store, 'lagging');
      // Re-categorising rows on both sides of the watermark (the count cache must follow).
      await store.transactions.setCategory(1, 'Groceries');
      await store.transactions.setCategory(lagging.maxId, 'Groceries');
      await assertSearchesMatchPlain(store, 'lagging, re-categorised');
      await store.searchIndex.resume();
      await indexerCaughtUp(store, path, 'the indexer, resumed');
      const caughtUp = indexState(path);
      assert.equal(caughtUp.indexed, caughtUp.rows);
      assert.equal(caughtUp.unindexedBelow, 0);
      await assertSearchesMatchPlain(store, 'caught up');
    } finally {
      await store.lifecycle.close();
    }
    assertIndexIntact(path);
  });

  it('indexes in bounded chunks, each moving the watermark to the last id it indexed', async () => {
    const path = freshPath();
    const store = await openStore(path);
    try {
      await store.searchIndex.pause();
      await write(store, 4, 'chunked');
      const before = indexState(path);
      assert.equal(before.watermark, 0);
      assert.equal(await store.searchIndex.indexChunk(7), 'indexed');
      assert.deepEqual([indexState(path).watermark, indexState(path).indexed], [7, 7]);
      await assertSearchesMatchPlain(store, 'part indexed');
      while ((await store.searchIndex.indexChunk(7)) === 'indexed');
      const after = indexState(path);
      assert.deepEqual([after.watermark, after.indexed, after.unindexedBelow], [before.maxId, before.rows, 0]);
      assert.equal(await store.searchIndex.indexChunk(7), 'done');
    } finally {
      await store.lifecycle.close();
    }
    assertIndexIntact(path);
  });

  it('two processes writing and indexing the same file: no row skipped or indexed twice, searches exact throughout', async () => {
    const path = freshPath();
    const store = await openStore(path);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/performance/fixtures/write-transactions.ts', path, '600', 'child'], {
        cwd: projectFile('.'),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      let running = true;
      void exited.then(() => (running = false));
      // Write and search meanwhile; this process's indexer runs too (ids from both interleave).
      // The child does not catch up when it closes: this process's indexer finds its rows by polling.
      let rounds = 0;
      while (running || rounds < 3) {
        await write(store, 1, `parent${rounds}`);
        await assertSearchesMatchPlain(store, `during round ${rounds}`);
        rounds += 1;
      }
      assert.equal(await exited, 0, stderr);
      await indexerCaughtUp(store, path, 'both processes');
      const state = indexState(path);
      assert.equal(state.rows, 600 + rounds * DESCRIPTIONS.length);
      assert.equal(state.indexed, state.rows, 'every row indexed exactly once');
      assert.equal(state.unindexedBelow, 0);
      await assertSearchesMatchPlain(store, 'after both processes');
    } finally {
      await store.lifecycle.close();
    }
    assertIndexIntact(path);
  });

  it('rows left unindexed by a process that stopped are indexed by the next start', async () => {
    const path = freshPath();
    const first = await openStore(path);
    await write(first, 1, 'first');
    await indexerCaughtUp(first, path, 'the first rows');
    await first.lifecycle.close();
    // Rows written by a process that died before indexing (no store, so no indexer, involved).
    const raw = new BetterSqlite3(path);
    const insert = raw.prepare("INSERT INTO transactions (date, description, description_folded, value) VALUES ('2024-03-01', ?, ?, 1)");
    for (const description of DESCRIPTIONS) insert.run(`${description} orphan`, foldForSearch(`${description} orphan`));
    raw.close();
    const lagging = indexState(path);
    assert.equal(lagging.maxId - lagging.watermark, DESCRIPTIONS.length);
    const second = new SqliteStore({ path, writer: 'thread' });
    try {
      await assertSearchesMatchPlain(second, 'before catch-up');
      await indexerCaughtUp(second, path, 'the restarted store');
      assert.equal(indexState(path).indexed, indexState(path).rows);
      await assertSearchesMatchPlain(second, 'after restart');
    } finally {
      await second.lifecycle.close();
    }
    assertIndexIntact(path);
  });

  it('moneta copy --force over an indexed store leaves the target fully and correctly indexed', async () => {
    const [from, to] = [freshPath(), freshPath()];
    const source = await openStore(from);
    await source.searchIndex.pause();
    await write(source, 2, 'source');
    await source.lifecycle.close();
    // The target already holds indexed rows under ids the copy reuses with other descriptions.
    const target = await openStore(to);
    await write(target, 3, 'old target');
    await indexerCaughtUp(target, to, 'the target');
    await target.lifecycle.close();
    const access = (db: string) => openTableAccess({ db, statementTimeoutMs: 60_000, busyTimeoutMs: 5000 });
    const [reader, writer] = [access(from), access(to)];
    try {
      await copyStore(reader, writer, { force: true, batchSize: 7 });
    } finally {
      await reader.close();
      await writer.close();
    }
    const state = indexState(to);
    assert.deepEqual([state.watermark, state.indexed, state.rows, state.unindexedBelow], [state.maxId, state.rows, DESCRIPTIONS.length * 2, 0]);
    assertIndexIntact(to);
    const copied = await openStore(to);
    try {
      await copied.searchIndex.pause();
      await assertSearchesMatchPlain(copied, 'copied');
    } finally {
      await copied.lifecycle.close();
    }
  });

  it('migrating a database indexed by 0004 sets the watermark to its last row', async () => {
    const path = freshPath();
    const database = new BetterSqlite3(path);
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
    const migrator = new Migrator({
      db: kysely,
      provider: migrationProvider('sqlite'),
      migrationTableName: 'moneta_migrations',
      migrationLockTableName: 'moneta_migrations_lock',
    });
    const { error } = await migrator.migrateTo('0004-performance');
    if (error) throw error;
    const insert = database.prepare("INSERT INTO transactions (date, description, description_folded, value) VALUES ('2024-03-01', ?, ?, 1)");
    for (const description of DESCRIPTIONS) insert.run(description, foldForSearch(description));
    await kysely.destroy();
    const store = await openStore(path);
    try {
      await store.searchIndex.pause();
      const state = indexState(path);
      assert.deepEqual([state.watermark, state.indexed, state.unindexedBelow], [DESCRIPTIONS.length, DESCRIPTIONS.length, 0]);
      await assertSearchesMatchPlain(store, 'migrated');
    } finally {
      await store.lifecycle.close();
    }
    assertIndexIntact(path);
  });
});
