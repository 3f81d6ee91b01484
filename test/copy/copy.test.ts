import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { projectFile } from '../../src/project-root.js';
import { copyStore } from '../../src/store/copy/copy-store.js';
import { COPIED_TABLES, NOT_COPIED } from '../../src/store/copy/copied-tables.js';
import { openTableAccess } from '../../src/store/open-table-access.js';
import type { Row, TableAccess } from '../../src/store/copy/table-access.js';
import { openMigratedStore } from '../../src/store/open-store.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const skip = await postgresSkipReason();

/** Doubles that only survive a copy bit for bit: no decimal rounding, no float4, no NUMERIC. */
const VALUES = [1 / 3, 0.1 + 0.2, -1234567.891, 5e-324, Number.MAX_VALUE, -Number.MIN_VALUE * 3, 2 ** 53 - 1, 1e21, 0, -42.5];
const HIGH_WATER = 5000;

function moneta(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: projectFile('.'), encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const access = (db: string): TableAccess => openTableAccess({ db, statementTimeoutMs: 60_000, busyTimeoutMs: 5000 });

/** Every copied table's rows in key order, read in one snapshot, but the columns a copy renews (change_feed_state's epoch): what a copy must keep. */
async function dump(db: string): Promise<Record<string, Row[]>> {
  const out = await dumpAll(db);
  for (const table of COPIED_TABLES) for (const row of out[table.name] ?? []) for (const column of table.renewed ?? []) delete row[column];
  return out;
}

/** Every copied table's rows in key order, read in one snapshot, every column. */
async function dumpAll(db: string): Promise<Record<string, Row[]>> {
  const tables = access(db);
  try {
    return await tables.snapshot(async (reader) => {
      const out: Record<string, Row[]> = {};
      for (const table of COPIED_TABLES) out[table.name] = await reader.rowsAfter(table, undefined, 1_000_000);
      return out;
    });
  } finally {
    await tables.close();
  }
}

/** A SQLite store with every kind of row, awkward values, gaps in ids and a sequence ahead of them. */
async function seedSqlite(path: string): Promise<void> {
  const store = await openMigratedStore({ db: path });
  try {
    await store.catalogue.addBank({ id: 'bank-a', name: 'Bank A', aggregatorId: null });
    await store.catalogue.addBank({ id: 'bank-b', name: 'Bänk B', aggregatorId: '3f2a3c1e-2b1d-4c5e-9f00-1234567890ab' });
    await store.catalogue.saveCategory({ name: 'Groceries', group: 'Living' });
    await store.catalogue.saveCategory({ name: 'Zzz', group: null });
    for (const [n, value] of VALUES.entries()) {
      await store.transactions.create({
        date: `2024-01-${String(n + 1).padStart(2, '0')}`,
        description: n % 2 === 0 ? `Café Ünïcødé ${n} 100%_\\` : `plain ${n}`,
        value,
        category: n % 3 === 0 ? null : n % 3 === 1 ? 'Groceries' : 'Neu Kategorie',
        bank: n % 2 === 0 ? 'bank-a' : null,
      });
    }
  } finally {
    await store.lifecycle.close();
  }
  const db = new Database(path);
  try {
    db.prepare("UPDATE transactions SET import_key = 'f:' || id || ':1' WHERE bank_id = 'bank-a'").run();
    db.prepare("INSERT INTO rules (id, category, description_contains, min_value, bank_id, priority) VALUES (7, 'Groceries', 'cafe', -0.5, 'bank-a', 3)").run();
    db.prepare("INSERT INTO rules (id, category, description_pattern, max_value, priority) VALUES (12, 'Zzz', '^x', 1e-9, 0)").run();
    db.prepare("INSERT INTO api_tokens (name, token_hash, read_only, created_at) VALUES ('ci', 'deadbeef', 1, '2024-05-01T00:00:00.000Z')").run();
    db.prepare("INSERT INTO idempotency_keys (key, fingerprint, created_at, transaction_id, status, location, body) VALUES ('k1', 'fp', 1714521600123, 3, 201, '/transactions/3', '{\"id\":3}')").run();
    // Transfers (migration 0021), a rejected pair and an undo image: their ids and statuses survive.
    db.prepare("INSERT INTO transfers (id, outflow_id, inflow_id, status, change_tx) VALUES (9, 3, 4, 'confirmed', 2), (11, 5, 6, 'suggested', 3)").run();
    db.prepare('INSERT INTO transfer_rejections (outflow_id, inflow_id, change_tx) VALUES (1, 2, 4)').run();
    db.prepare("INSERT INTO change_undo_transfers (tx, transfer_id, action, outflow_id, inflow_id, status) VALUES (2, 9, 'added', 3, 4, 'confirmed')").run();
    // As if transactions up to this id had existed and been removed: their ids must never return.
    db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'transactions'").run(HIGH_WATER);
  } finally {
    db.close();
  }
}

async function postOne(db: string): Promise<number> {
  const store = await openMigratedStore({ db });
  try {
    return (await store.transactions.create({ date: '2025-02-02', description: 'after the copy', value: 1.5, category: null, bank: null })).id;
  } finally {
    await store.lifecycle.close();
  }
}

describe('moneta copy', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'moneta-copy-'));
  const original = join(dir, 'original.db');
  const back = join(dir, 'back.db');
  let middle: TestDatabase;
  before(async () => {
    middle = await createTestDatabase();
    await seedSqlite(original);
  });
  after(async () => {
    await middle?.drop();
  });

  it('every table in a migrated store is either copied or deliberately derived', async () => {
    const listed = new Set([...COPIED_TABLES.map((table) => table.name), ...NOT_COPIED]);
    for (const db of [original, middle.url]) {
      const tables = access(db);
      await openMigratedStore({ db }).then((store) => store.lifecycle.close());
      try {
        const unlisted = (await tables.tableNames()).filter((name) => !listed.has(name));
        assert.deepEqual(unlisted, [], `${db}: add these to src/store/copy/copied-tables.ts`);
      } finally {
        await tables.close();
      }
    }
  });

  it('SQLite -> PostgreSQL -> SQLite keeps every row, id and double exactly, and prints the verification', async () => {
    const up = moneta('copy', '--from', original, '--to', middle.url, '--batch-size', '3');
    assert.equal(up.status, 0, up.stderr);
    assert.equal(up.stderr, '', 'no progress bar when stderr is not a terminal');
    assert.match(up.stdout, /^transactions\s+10\s+10\s+[0-9a-f]{16}\s+yes$/m);
    assert.match(up.stdout, /^verified: \d+ rows in 21 tables copied; counts and checksums match$/m);

    const down = moneta('copy', '--from', middle.url, '--to', back);
    assert.equal(down.status, 0, down.stderr);

    const [before, inPostgres, after] = [await dump(original), await dump(middle.url), await dump(back)];
    assert.equal(before.transactions!.length, VALUES.length);
    assert.deepEqual(
      before.transactions!.map((row) => row.value),
      VALUES,
      'the source holds the exact doubles',
    );
    assert.deepEqual(inPostgres, before, 'PostgreSQL holds exactly the SQLite rows');
    assert.deepEqual(after, before, 'the round trip changes nothing');
    // The same store (its name), each copy a new epoch of it: the source's change-feed cursors are refused there.
    const states = await Promise.all([original, middle.url, back].map(async (db) => (await dumpAll(db)).change_feed_state?.[0]));
    assert.equal(new Set(states.map((state) => state?.store_id)).size, 1);
    assert.equal(new Set(states.map((state) => state?.epoch)).size, 3);

    // The derived per-(category, bank) counts were rebuilt, not copied: they must match the rows.
    const client = new pg.Client({ connectionString: middle.url });
    await client.connect();
    try {
      const counts = `SELECT category, bank_id, n::int AS n FROM transaction_counts WHERE n > 0 ORDER BY 1, 2`;
      const truth = `SELECT coalesce(category, '') AS category, coalesce(bank_id, '') AS bank_id, count(*)::int AS n FROM transactions GROUP BY 1, 2 ORDER BY 1, 2`;
      assert.deepEqual((await client.query(counts)).rows, (await client.query(truth)).rows);
      const triggers = await client.query(`SELECT tgname FROM pg_trigger WHERE tgrelid = 'transactions'::regclass AND NOT tgisinternal AND tgenabled = 'D'`);
      assert.deepEqual(triggers.rows, [], 'the triggers are on again after the copy');
    } finally {
      await client.end();
    }
  });

  it('a PostgreSQL store written by Moneta (its change tokens kept in a sequence) copies to SQLite verified', async () => {
    const source = await createTestDatabase();
    try {
      await postOne(source.url);
      await postOne(source.url);
      const target = join(dir, 'from-postgres.db');
      const run = moneta('copy', '--from', source.url, '--to', target);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^change_feed_state\s+1\s+1\s+[0-9a-f]{16}\s+yes$/m);
      // The copy's change tokens continue past the source's: a cursor from the source stays behind new changes.
      const tokens = new Database(target);
      try {
        const { last, top } = tokens.prepare('SELECT last_tx AS last, (SELECT max(tx) FROM change_feed) AS top FROM change_feed_state').get() as { last: number; top: number };
        assert.ok(last >= top && top >= 2, `last_tx ${last}, max(tx) ${top}`);
      } finally {
        tokens.close();
      }
    } finally {
      await source.drop();
    }
  });

  it('a transaction created after the copy gets an id above every id the source ever handed out', async () => {
    assert.equal(await postOne(middle.url), HIGH_WATER + 1);
    assert.equal(await postOne(back), HIGH_WATER + 1);
  });

  it('refuses a target that is not empty and leaves it untouched; --force replaces its contents', async () => {
    const beforeRefusal = await dump(back);
    const refused = moneta('copy', '--from', original, '--to', back);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /the target is not empty \(banks: 2, categories: 3, transactions: 11.*use --force/);
    assert.deepEqual(await dump(back), beforeRefusal);

    const forced = moneta('copy', '--from', original, '--to', back, '--force');
    assert.equal(forced.status, 0, forced.stderr);
    assert.deepEqual(await dump(back), await dump(original));
    // The replaced target still never reuses the id it handed out before the replacement.
    assert.equal(await postOne(back), HIGH_WATER + 2);
  });

  it('rejects the same store on both sides and a wrong batch size before touching anything', () => {
    assert.match(moneta('copy', '--from', original, '--to', original).stderr, /name the same store/);
    assert.match(moneta('copy', '--from', original, '--to', back, '--batch-size', '0').stderr, /--batch-size must be/);
  });

  it('reports a mismatch when the target does not read back what was written', async () => {
    const target = join(dir, 'tampered.db');
    await openMigratedStore({ db: target }).then((store) => store.lifecycle.close());
    const source = access(original);
    const real = access(target);
    // A target whose writes alter one double in its last bit: counts agree, the checksum must not.
    const tampering: TableAccess = {
      engine: real.engine,
      tableNames: () => real.tableNames(),
      snapshot: (work) => real.snapshot(work),
      close: () => real.close(),
      connectionPragmas: () => real.connectionPragmas(),
      rewrite: (work) =>
        real.rewrite((writer) =>
          work({
            ...writer,
            count: (table) => writer.count(table),
            rowsAfter: (table, afterKey, limit) => writer.rowsAfter(table, afterKey, limit),
            identityHighWater: (table) => writer.identityHighWater(table),
            deleteAll: (table) => writer.deleteAll(table),
            continueIdentityAfter: (table, atLeast) => writer.continueIdentityAfter(table, atLeast),
            insert: (table, rows) =>
              writer.insert(
                table,
                rows.map((row) => (table.name === 'transactions' && row.id === 1 ? { ...row, value: (row.value as number) * (1 + Number.EPSILON) } : row)),
              ),
          }),
        ),
    };
    try {
      const report = await copyStore(source, tampering, { force: false, batchSize: 4 });
      assert.equal(report.verified, false);
      const transactions = report.tables.find((table) => table.table === 'transactions')!;
      assert.equal(transactions.sourceRows, transactions.targetRows);
      assert.equal(transactions.matches, false);
      assert.ok(report.tables.filter((table) => table.table !== 'transactions').every((table) => table.matches));
    } finally {
      await source.close();
      await real.close();
    }
  });
});
