import { PostgresStore } from './postgres/postgres-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface StoreSettings {
  /** A SQLite file path, ':memory:', or a postgres:// (postgresql://) URL. */
  db: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  busyTimeoutMs?: number;
  /** SQLite: where writes and the search indexer run (see SqliteStoreOptions.writer). */
  writer?: 'inline' | 'thread' | 'primary';
  /** SQLite: threads reading the pages no index bounds (see SqliteStoreOptions.readThreads). */
  readThreads?: number;
  /** Streamed pages at once and how long one may take (see StreamGate). */
  streams?: { maxStreams: number; streamTimeoutMs: number };
}

export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** Opens the store the setting names; does not migrate. */
export function openStore(settings: StoreSettings): Store {
  if (isPostgresUrl(settings.db)) {
    return new PostgresStore({
      url: settings.db,
      poolMax: settings.poolMax,
      statementTimeoutMs: settings.statementTimeoutMs,
      streams: settings.streams,
    });
  }
  return new SqliteStore({
    path: settings.db,
    busyTimeoutMs: settings.busyTimeoutMs,
    writer: settings.writer,
    readThreads: settings.readThreads,
    statementTimeoutMs: settings.statementTimeoutMs,
    streams: settings.streams,
  });
}

/** Opens and migrates: what every command that touches data does first. */
export async function openMigratedStore(settings: StoreSettings): Promise<Store> {
  const store = openStore(settings);
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
