import { afterEach, describe } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { DEFAULT_READ_THREADS } from '../../src/config/limits.js';
import { openServingStore } from '../../src/store/open-store.js';
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
 * Where a suite's stores live. 'sqlite in memory': a private database with the inline writer
 * (fast; the default). 'sqlite as served': a file opened as `moneta serve` opens it
 * (openServingStore: writes and the search indexer in a writer thread, pages no index bounds on
 * read threads). 'postgres': a fresh database on the test server.
 */
export type StoreSetup = 'sqlite in memory' | 'sqlite as served' | 'postgres';

export const DEFAULT_SETUPS: readonly StoreSetup[] = ['sqlite in memory', 'postgres'];
/** Every setup, for suites that guard what `serve` runs. */
export const EVERY_SETUP: readonly StoreSetup[] = ['sqlite in memory', 'sqlite as served', 'postgres'];

/**
 * Runs the same suite against each setup (by default SQLite in memory and PostgreSQL). Every
 * store it hands out is new and empty; after each test its stores are closed and its PostgreSQL
 * databases dropped, so a suite of many tests never holds more than one test's connections (the
 * server's max_connections is finite).
 */
export function describeEachEngine(title: string, suite: (context: EngineContext) => void, options: { setups?: readonly StoreSetup[] } = {}): void {
  const setups = options.setups ?? DEFAULT_SETUPS;
  if (setups.includes('sqlite in memory')) describeSqlite(`${title} [sqlite]`, suite, async () => new SqliteStore({ path: ':memory:' }));
  if (setups.includes('sqlite as served')) describeSqlite(`${title} [sqlite file, as served]`, suite, openAsServed);
  if (setups.includes('postgres')) describePostgres(title, suite);
}

/**
 * A fresh file store as `serve` opens it, with the default read threads. The statement limit is
 * raised: a read thread starting on a loaded machine (tsx compiles it) must not turn a page into
 * a 503 in suites that do not test that limit (test/performance does).
 */
async function openAsServed(): Promise<Store> {
  return openServingStore({ db: await freshSqlitePath(), readThreads: DEFAULT_READ_THREADS, statementTimeoutMs: 60_000 }, { migrate: false });
}

function describePostgres(title: string, suite: (context: EngineContext) => void): void {
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
