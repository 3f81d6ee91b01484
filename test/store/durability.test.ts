/**
 * The settings a 2xx's "durably stored" rests on, read on every connection the server and the
 * CLI open on SQLite, each where it lives (writer thread, read threads), and the store's
 * durability warnings on both engines. A kill -9 cannot see a missing fsync: only these can.
 *
 * Each SQLite store here opens a file that is WAL already, as every start after the first does:
 * better-sqlite3 opens a WAL file with synchronous = NORMAL, so a connection that forgot to set
 * FULL shows it. The busy timeout is not the driver's default (5000), so a forgotten one shows too.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type Database from 'better-sqlite3';
import pg from 'pg';
import { openTableAccess } from '../../src/store/open-table-access.js';
import { openMigratedStore, openServingStore } from '../../src/store/open-store.js';
import { durabilityProblems, PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { openBackupSource } from '../../src/store/sqlite/backup.js';
import { connectionPragmas, type ConnectionPragmas } from '../../src/store/sqlite/connection.js';
import type { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

const BUSY_TIMEOUT_MS = 1234;
const DURABLE: ConnectionPragmas = { journalMode: 'wal', synchronous: 2, foreignKeys: true, busyTimeoutMs: BUSY_TIMEOUT_MS };

/** A migrated store file, closed, so whatever opens it next finds a WAL file. */
async function existingStoreFile(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'moneta-durability-')), 'moneta.db');
  const store = await openMigratedStore({ db: path });
  await store.lifecycle.close();
  return path;
}

describe('SQLite connections: WAL, synchronous FULL, foreign keys, the busy timeout', () => {
  it('on every connection of a store opened as `serve` opens it: its own, the writer thread, each read thread', async (t) => {
    const path = await existingStoreFile();
    // The statement limit raised: a read thread starting on a loaded machine (tsx compiles it) is not under test here.
    const served = { db: path, busyTimeoutMs: BUSY_TIMEOUT_MS, readThreads: 2, statementTimeoutMs: 60_000 };
    const store = (await openServingStore(served, { migrate: true })) as SqliteStore;
    t.after(() => store.lifecycle.close());
    const connections = await store.connectionPragmas();
    assert.deepEqual(
      connections.map(({ connection }) => connection),
      ['store', 'writer', 'read thread', 'read thread'],
    );
    for (const { connection, pragmas } of connections) assert.deepEqual(pragmas, DURABLE, connection);
    assert.deepEqual(await store.lifecycle.durabilityWarnings(), []);
  });

  it('on the inline writer of the one-shot commands, and on the connection an import commits on', async (t) => {
    const path = await existingStoreFile();
    const store = (await openMigratedStore({ db: path, busyTimeoutMs: BUSY_TIMEOUT_MS })) as SqliteStore;
    t.after(() => store.lifecycle.close());
    for (const { connection, pragmas } of await store.connectionPragmas()) assert.deepEqual(pragmas, DURABLE, connection);
    await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
    // An import runs on the store's own connection, inside its transaction.
    const session = await store.imports.begin('ing');
    try {
      await session.insertNew([{ key: 'k1', date: '2024-01-01', description: 'x', value: 1, category: null }]);
      const [own] = await store.connectionPragmas();
      assert.deepEqual(own, { connection: 'store', pragmas: DURABLE });
      await session.commit();
    } catch (error) {
      await session.rollback();
      throw error;
    }
  });

  it("on the copy command's connection", async (t) => {
    const access = openTableAccess({ db: await existingStoreFile(), statementTimeoutMs: 60_000, busyTimeoutMs: BUSY_TIMEOUT_MS });
    t.after(() => access.close());
    assert.deepEqual(access.connectionPragmas(), DURABLE);
  });

  it("on a backup's connection to the live file (its own busy timeout; the journal mode left as it is)", async (t) => {
    const db: Database.Database = openBackupSource(await existingStoreFile());
    t.after(() => db.close());
    assert.deepEqual(connectionPragmas(db), { ...DURABLE, busyTimeoutMs: 5000 });
  });

  it('durabilityWarnings names the connection whose synchronous is off', async (t) => {
    const store = (await openMigratedStore({ db: await existingStoreFile() })) as SqliteStore;
    t.after(() => store.lifecycle.close());
    assert.deepEqual(await store.lifecycle.durabilityWarnings(), []);
    // A build or file that refused the setting, as the warning is there to catch: the store's
    // connection (private) is reached directly, since no production path turns it off.
    (store as unknown as { db: Database.Database }).db.pragma('synchronous = OFF');
    assert.deepEqual(await store.lifecycle.durabilityWarnings(), ['the store connection: synchronous is 0, not FULL']);
  });
});

const skip = await postgresSkipReason();

describe('PostgreSQL durabilityWarnings', { skip }, () => {
  it('is empty on a durable server, and names synchronous_commit when the database turns it off', async () => {
    const database = await createTestDatabase();
    try {
      const store = new PostgresStore({ url: database.url, poolMax: 1 });
      try {
        await store.lifecycle.migrate();
        assert.deepEqual(await store.lifecycle.durabilityWarnings(), []);
      } finally {
        await store.lifecycle.close();
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`ALTER DATABASE ${database.name} SET synchronous_commit = off`).finally(() => client.end());
      // Applies to sessions opened after it: a new store's connections.
      const relaxed = new PostgresStore({ url: database.url, poolMax: 1 });
      try {
        const warnings = await relaxed.lifecycle.durabilityWarnings();
        assert.equal(warnings.length, 1, warnings.join('\n'));
        assert.match(warnings[0] ?? '', /^synchronous_commit is "off"/);
      } finally {
        await relaxed.lifecycle.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('names fsync and full_page_writes when the server runs without them (server-wide: read from pg_settings)', () => {
    const on = [
      { name: 'fsync', setting: 'on' },
      { name: 'full_page_writes', setting: 'on' },
      { name: 'synchronous_commit', setting: 'remote_write' },
    ];
    assert.deepEqual(durabilityProblems(on), []);
    const off = [
      { name: 'fsync', setting: 'off' },
      { name: 'full_page_writes', setting: 'off' },
      { name: 'synchronous_commit', setting: 'local' },
    ];
    assert.deepEqual(
      durabilityProblems(off).map((warning) => warning.split(' ')[0]),
      ['fsync', 'full_page_writes', 'synchronous_commit'],
    );
  });
});
