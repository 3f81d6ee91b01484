import cluster from 'node:cluster';
import { isPostgresUrl } from '../config/database.js';
import type { StreamLimitOptions } from '../config/limits.js';
import { PostgresStore } from './postgres/postgres-store.js';
import { hostClusterWriter } from './sqlite/cluster-writer.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface StoreSettings {
  /** A SQLite file path, ':memory:', or a postgres:// (postgresql://) URL. */
  db: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  busyTimeoutMs?: number;
  /** PostgreSQL: named prepared statements (default true; see PostgresStoreOptions). */
  preparedStatements?: boolean;
  /** SQLite: where writes and the search indexer run (see SqliteStoreOptions.writer). */
  writer?: 'inline' | 'thread' | 'primary';
  /** SQLite: threads reading the pages no index bounds (see SqliteStoreOptions.readThreads). */
  readThreads?: number;
  /** Streamed pages at once and how long one may take (see StreamGate). */
  streams?: StreamLimitOptions;
  /** The default currency a new store starts with (`--currency`); ignored by a store that has one. */
  currency?: string;
}

/** Opens the store the setting names; does not migrate. */
export function openStore(settings: StoreSettings): Store {
  if (isPostgresUrl(settings.db)) {
    return new PostgresStore({
      url: settings.db,
      poolMax: settings.poolMax,
      statementTimeoutMs: settings.statementTimeoutMs,
      streams: settings.streams,
      preparedStatements: settings.preparedStatements,
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
    await store.lifecycle.migrate({ currency: settings.currency });
  } catch (error) {
    await store.lifecycle.close().catch(() => {});
    throw error;
  }
  return store;
}

/**
 * The store of a process that serves requests: it keeps its event loop for them, so SQLite
 * commits and indexing run in a thread of their own or, in a worker of `serve --workers`, in the
 * primary (hostWorkersWriter), where all workers' writes share one commit.
 */
export async function openServingStore(settings: Omit<StoreSettings, 'writer'>, options: { migrate: boolean }): Promise<Store> {
  const serving = { ...settings, writer: cluster.isWorker ? ('primary' as const) : ('thread' as const) };
  return options.migrate ? openMigratedStore(serving) : openStore(serving);
}

/**
 * In the primary of `serve --workers`: hosts the writer that the workers' SQLite stores send
 * their writes to (nothing for PostgreSQL). Returns its closer, for when every worker has exited.
 */
export function hostWorkersWriter(settings: Pick<StoreSettings, 'db' | 'busyTimeoutMs'>): () => void {
  if (isPostgresUrl(settings.db)) return () => {};
  return hostClusterWriter({ path: settings.db, busyTimeoutMs: settings.busyTimeoutMs ?? 5000 });
}
