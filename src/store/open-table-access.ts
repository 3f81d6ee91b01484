import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { isPostgresUrl } from '../config/database.js';
import { postgresCopyQuirks } from './postgres/copy-quirks.js';
import { openPostgresPool } from './postgres/pool.js';
import { connectionPragmas, openConnection } from './sqlite/connection.js';
import { sqliteCopyQuirks } from './sqlite/copy-quirks.js';
import { KyselyTableAccess } from './copy/kysely-table-access.js';
import type { TableAccess } from './copy/table-access.js';

export interface TableAccessSettings {
  db: string;
  statementTimeoutMs: number;
  busyTimeoutMs: number;
}

/** Opens whole-table access to a migrated store of either engine (each engine's quirks: sqlite/ and postgres/copy-quirks.ts); see TableAccess. */
export function openTableAccess(settings: TableAccessSettings): TableAccess {
  if (isPostgresUrl(settings.db)) {
    // Dropped connections (idle or between two queries) reject the copy, never crash it (openPostgresPool).
    const pool = openPostgresPool({ url: settings.db, max: 2, statementTimeoutMs: settings.statementTimeoutMs });
    return new KyselyTableAccess(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), postgresCopyQuirks);
  }
  // Opened as the store opens its connections: a copy's commit is as durable as a write's.
  const database = openConnection(settings.db, settings.busyTimeoutMs);
  return new KyselyTableAccess(new Kysely<unknown>({ dialect: new SqliteDialect({ database }) }), sqliteCopyQuirks, () => connectionPragmas(database));
}
