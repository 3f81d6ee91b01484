import { afterEach, describe } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { EngineName, Store } from '../../src/store/store.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from './postgres.js';

export interface EngineContext {
  engine: EngineName;
  /** A fresh, migrated, empty store; closed (and its database dropped) after the test that asked for it. */
  freshStore(): Promise<Store>;
  /** The settings string (file path or URL) of a fresh empty database, for processes under test. */
  freshDbSetting(): Promise<string>;
}

/**
 * Runs the same suite against SQLite and PostgreSQL. Every store it hands out is new and empty;
 * after each test its stores are closed and its PostgreSQL databases dropped, so a suite of many
 * tests never holds more than one test's connections (the server's max_connections is finite).
 */
export function describeEachEngine(title: string, suite: (context: EngineContext) => void, options: { sqliteWriterThread?: boolean } = {}): void {
  describeSqlite(`${title} [sqlite]`, suite, async () => new SqliteStore({ path: ':memory:' }));
  // What `moneta serve` runs: a file, with writes and the indexer in a writer thread.
  if (options.sqliteWriterThread) {
    describeSqlite(`${title} [sqlite, writer thread]`, suite, async () => new SqliteStore({ path: await freshSqlitePath(), writer: 'thread' }));
  }

  describe(`${title} [postgres]`, async () => {
    const skip = await postgresSkipReason();
    const stores: Store[] = [];
    const databases: TestDatabase[] = [];
    afterEach(async () => {
      await Promise.all(stores.splice(0).map((store) => store.lifecycle.close()));
      await Promise.all(databases.splice(0).map((database) => database.drop()));
    });
    const freshDbSetting = async () => {
      const database = await createTestDatabase();
      databases.push(database);
      return database.url;
    };
    describe(title, { skip }, () => {
      suite({
        engine: 'postgres',
        async freshStore() {
          const store = new PostgresStore({ url: await freshDbSetting() });
          await store.lifecycle.migrate();
          stores.push(store);
          return store;
        },
        freshDbSetting,
      });
    });
  });
}

function describeSqlite(title: string, suite: (context: EngineContext) => void, open: () => Promise<Store>): void {
  describe(title, () => {
    const stores: Store[] = [];
    afterEach(async () => {
      await Promise.all(stores.splice(0).map((store) => store.lifecycle.close()));
    });
    suite({
      engine: 'sqlite',
      async freshStore() {
        const store = await open();
        await store.lifecycle.migrate();
        stores.push(store);
        return store;
      },
      freshDbSetting: freshSqlitePath,
    });
  });
}

async function freshSqlitePath(): Promise<string> {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  return join(mkdtempSync(join(tmpdir(), 'moneta-test-')), 'moneta.db');
}
