/**
 * Each SQLite transaction's stored JSON (row_json, migration 0006; categorySource since 0009, account and status since 0019, split since 0020) is what TRANSACTION_JSON
 * computes from its columns, after every way a row is written or changed: the migration's
 * backfill, the API's writes, a category rename or forced removal, an import, `moneta copy`, and
 * an edit behind the API. Pages read it (json-page.test.ts compares pages with the serialiser).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { copyStore } from '../../src/store/copy/copy-store.js';
import { openTableAccess } from '../../src/store/open-table-access.js';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { ROW_JSON_SQL } from '../../src/store/migrations/0020-splits.js';
import { TRANSACTION_JSON } from '../../src/store/sqlite/json-page.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'moneta-row-json-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(dir, `store-${(files += 1)}.db`);

const computedSql = TRANSACTION_JSON.compile(new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })).sql;

/** Rows whose stored JSON differs from the JSON computed from their columns now, and how many rows there are. */
function staleRows(path: string): { stale: unknown[]; rows: number } {
  const db = new Database(path, { readonly: true });
  try {
    return {
      stale: db.prepare(`SELECT id, row_json FROM transactions WHERE row_json IS NOT (${computedSql})`).all(),
      rows: Number(db.prepare('SELECT count(*) FROM transactions').pluck().get()),
    };
  } finally {
    db.close();
  }
}

function assertCurrent(path: string, rows: number, label: string): void {
  const state = staleRows(path);
  assert.equal(state.rows, rows, `${label}: row count`);
  assert.deepEqual(state.stale, [], label);
}

async function openStore(path: string): Promise<SqliteStore> {
  const store = new SqliteStore({ path });
  await store.lifecycle.migrate();
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  await store.catalogue.addBank({ id: 'monzo', name: 'Monzo', aggregatorId: null });
  return store;
}

describe('stored row JSON (SQLite)', () => {
  it('the migration froze the TRANSACTION_JSON of today: a change to it needs a new migration', () => {
    assert.equal(ROW_JSON_SQL, computedSql);
  });

  it('is filled in for the rows a store held before the migration', async () => {
    const path = freshPath();
    const migrator = (db: Database.Database) =>
      new Migrator({ db: new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }), provider: migrationProvider('sqlite'), migrationTableName: 'moneta_migrations', migrationLockTableName: 'moneta_migrations_lock' });
    const early = new Database(path);
    assert.equal((await migrator(early).migrateTo('0005-deferred-search-index')).error, undefined);
    early.prepare("INSERT INTO banks (id, name) VALUES ('ing', 'ING')").run();
    early.prepare("INSERT INTO categories (name) VALUES ('Food')").run();
    const insert = early.prepare('INSERT INTO transactions (date, description, description_folded, value, category, bank_id) VALUES (?, ?, ?, ?, ?, ?)');
    insert.run('2024-01-01', 'Café "quoted" \\ \u0001', 'cafe', -12.5, 'Food', 'ing');
    insert.run('2024-01-02', 'whole', 'whole', 3, null, null);
    insert.run('2024-01-03', 'tiny', 'tiny', 1e-7, null, 'ing');
    early.close();
    const store = new SqliteStore({ path });
    await store.lifecycle.migrate();
    await store.lifecycle.close();
    assertCurrent(path, 3, 'after migrating');
  });

  it('follows creation, re-categorisation, a category rename and a forced removal, imports and edits behind the API', async () => {
    const path = freshPath();
    const store = await openStore(path);
    try {
      const created = [];
      for (let n = 0; n < 40; n += 1) {
        created.push(await store.transactions.create({
          date: `2024-02-${String(1 + (n % 28)).padStart(2, '0')}`,
          description: `shop ${n} "50% off" \\ é`,
          value: [0, -0, 1 / 3, -1234.5, 2 ** 53 + 2, 1e-7, 42][n % 7] as number,
          category: [undefined, 'Food', 'Travel'][n % 3],
          bank: [undefined, 'ing', 'monzo'][n % 3],
        }));
      }
      assertCurrent(path, 40, 'after creating');
      for (const [n, row] of created.entries()) if (n % 2 === 0) await store.transactions.setCategory(row.id, [null, 'Bills', 'Food'][n % 3] ?? null);
      assertCurrent(path, 40, 'after re-categorising');
      await store.catalogue.removeCategory('Travel', { force: true });
      assertCurrent(path, 40, 'after a forced removal');
      const session = await store.imports.begin('ing');
      await session.insertNew([
        { key: 'k1', date: '2024-03-01', description: 'imported', value: -0.5, category: 'New' },
        { key: 'k2', date: '2024-03-02', description: 'imported too', value: 7, category: null },
      ]);
      await session.commit();
      assertCurrent(path, 42, 'after an import');
    } finally {
      await store.lifecycle.close();
    }
    // Behind the API: an edit with the sqlite3 shell, and a rename cascading from categories.
    const db = new Database(path);
    db.pragma('foreign_keys = ON');
    db.exec("UPDATE transactions SET value = value * 3, date = '2025-12-31', description = description || ' (edited)' WHERE id % 5 = 0");
    db.exec("UPDATE categories SET name = 'Groceries' WHERE name = 'Food'");
    db.close();
    assertCurrent(path, 42, 'after edits behind the API');
  });

  it('is rewritten by the target of `moneta copy`, never copied from the source', async () => {
    const source = freshPath();
    const store = await openStore(source);
    for (let n = 0; n < 25; n += 1) await store.transactions.create({ date: '2024-04-01', description: `copied ${n}`, value: n / 7, category: n % 2 ? 'Food' : undefined, bank: 'ing' });
    await store.lifecycle.close();
    // A stale text in the source must not travel: the target computes its own.
    const db = new Database(source);
    db.exec('DROP TRIGGER transactions_row_json_update');
    db.exec("UPDATE transactions SET row_json = '{}' WHERE id = 3");
    db.close();
    const target = freshPath();
    await (await openStore(target)).lifecycle.close();
    const access = (path: string) => openTableAccess({ db: path, statementTimeoutMs: 60_000, busyTimeoutMs: 5000 });
    const [from, to] = [access(source), access(target)];
    try {
      const report = await copyStore(from, to, { batchSize: 7, force: true });
      assert.equal(report.verified, true);
    } finally {
      await from.close();
      await to.close();
    }
    assertCurrent(target, 25, 'the copy');
  });
});
