import { isPostgresUrl } from '../config/database.js';
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
}

/** Opens the store the setting names; does not migrate. */
export function openStore(settings: StoreSettings): Store {
  if (isPostgresUrl(settings.db)) {
    return new PostgresStore({
      url: settings.db,
      poolMax: settings.poolMax,
      statementTimeoutMs: settings.statementTimeoutMs,
    });
  }
  return new SqliteStore({ path: settings.db, busyTimeoutMs: settings.busyTimeoutMs, writer: settings.writer });
}

/** Opens and migrates: what every command that touches data does first. */
export async function openMigratedStore(settings: StoreSettings): Promise<Store> {
  const store = openStore(settings);
  try {
    await store.lifecycle.migrate();
  } catch (error) {
    await store.lifecycle.close().catch(() => {});
    throw error;
  }
  return store;
}
