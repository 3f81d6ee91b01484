import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../../config/database.js';
import { connectionPragmas, openConnection } from '../sqlite/connection.js';
import { KyselyTableAccess, type CopyQuirks } from './kysely-table-access.js';
import type { TableAccess } from './table-access.js';

export interface TableAccessSettings {
  db: string;
  statementTimeoutMs: number;
  busyTimeoutMs: number;
}

const sqliteCopyQuirks: CopyQuirks = {
  engine: 'sqlite',
  listTables: () => sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
  identityState: (table, column) =>
    sql<{ seq: unknown; top: unknown }>`SELECT
      coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${table.name}), 0) AS seq,
      coalesce((SELECT max(${sql.ref(column)}) FROM ${sql.table(table.name)}), 0) AS top`,
  // sqlite_sequence has no unique key on name: update the row, or add it when there is none.
  setIdentity: (table, _column, value) => [
    sql`UPDATE sqlite_sequence SET seq = ${value} WHERE name = ${table.name}`,
    sql`INSERT INTO sqlite_sequence (name, seq) SELECT ${table.name}, ${value} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ${table.name})`,
  ],
  bindable: (value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value;
  },
  beginSnapshot: () => undefined,
  // SQLite's per-row count triggers are cheap: they stay on during the copy. The trigram index
  // (0005) is fed by the stores' indexer, by id above a watermark, and the copy writes ids below
  // it: rebuilt here, in the copy's transaction, with the watermark at the last id, so the
  // copied store is fully indexed when the copy commits.
  beforeRewrite: () => [],
  afterRewrite: () => [
    sql`INSERT INTO transactions_fts (transactions_fts) VALUES ('rebuild')`,
    sql`UPDATE search_index_state SET indexed_through = coalesce((SELECT max(id) FROM transactions), 0)`,
    // Change tokens continue past every copied one (a PostgreSQL source keeps its own in a sequence).
    sql`UPDATE change_feed_state SET last_tx = max(last_tx, coalesce((SELECT max(tx) FROM change_feed), 0))`,
  ],
  // SQLite's limit is 32766 since 3.32; stay well under it.
  maxParameters: 30_000,
};

const postgresCopyQuirks: CopyQuirks = {
  engine: 'postgres',
  listTables: () =>
    sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  identityState: (table, column) =>
    sql<{ seq: unknown; top: unknown }>`SELECT
      coalesce(pg_sequence_last_value(pg_get_serial_sequence(${table.name}, ${column})::regclass), 0) AS seq,
      coalesce((SELECT max(${sql.ref(column)}) FROM ${sql.table(table.name)}), 0) AS top`,
  // setval(..., false) at 1 for an empty table: the first id handed out is then 1.
  setIdentity: (table, column, value) => [
    value > 0
      ? sql`SELECT setval(pg_get_serial_sequence(${table.name}, ${column}), ${value}, true)`
      : sql`SELECT setval(pg_get_serial_sequence(${table.name}, ${column}), 1, false)`,
  ],
  bindable: (value) => value,
  beginSnapshot: () => sql`SET TRANSACTION READ ONLY`,
  // The per-row trigger of migration 0004 updates one transaction_counts row per (category,
  // bank) again and again; inside one transaction each update adds a row version that the next
  // must walk past, so a 200k-row copy slowed to minutes. The copy turns the triggers off (inside
  // its transaction: nobody else ever sees them off) and recounts once, as 0004 does.
  beforeRewrite: () => [sql`ALTER TABLE transactions DISABLE TRIGGER USER`],
  afterRewrite: () => [
    sql`DELETE FROM transaction_counts`,
    sql`INSERT INTO transaction_counts (category, bank_id, n)
      SELECT coalesce(category, ''), coalesce(bank_id, ''), count(*) FROM transactions GROUP BY 1, 2`,
    sql`ALTER TABLE transactions ENABLE TRIGGER USER`,
    // Change tokens continue past every copied one (a SQLite source counts them in change_feed_state).
    sql`SELECT setval('change_tx_seq', greatest((SELECT max(tx) FROM change_feed), (SELECT last_tx FROM change_feed_state), 1))`,
  ],
  // The wire protocol's limit is 65535.
  maxParameters: 60_000,
  feedTokenHighWater: () => sql<{ top: unknown }>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS top FROM change_tx_seq`,
};

/** int8 (ids, counts, millisecond times) as numbers, as the store reads them. */
const INT8_OID = 20;

/** Opens whole-table access to a migrated store; see TableAccess. */
export function openTableAccess(settings: TableAccessSettings): TableAccess {
  if (isPostgresUrl(settings.db)) {
    const pool = new pg.Pool({
      connectionString: settings.db,
      max: 2,
      statement_timeout: settings.statementTimeoutMs,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // Dropped connections (idle or between two queries) must reject the copy, not crash it.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return new KyselyTableAccess(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), postgresCopyQuirks);
  }
  // Opened as the store opens its connections: a copy's commit is as durable as a write's.
  const database = openConnection(settings.db, settings.busyTimeoutMs);
  return new KyselyTableAccess(new Kysely<unknown>({ dialect: new SqliteDialect({ database }) }), sqliteCopyQuirks, () => connectionPragmas(database));
}
