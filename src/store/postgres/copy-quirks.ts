import { sql } from 'kysely';
import { DERIVED_TABLES, rebuildDerived } from '../copy/derived-tables.js';
import type { CopyQuirks } from '../copy/kysely-table-access.js';

/** How `moneta copy` and the backup read and rewrite a PostgreSQL store's tables (copy/kysely-table-access.ts). */
export const postgresCopyQuirks: CopyQuirks = {
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
  // its transaction: nobody else ever sees them off) and rebuilds every table they keep (the
  // counts of 0004, the report totals of 0008) from the copied rows once.
  beforeRewrite: () => [sql`ALTER TABLE transactions DISABLE TRIGGER USER`],
  afterRewrite: () => [
    ...DERIVED_TABLES.flatMap((table) => rebuildDerived(table, 'postgres')),
    sql`ALTER TABLE transactions ENABLE TRIGGER USER`,
    // Change tokens continue past every copied one (a SQLite source counts them in change_feed_state).
    sql`SELECT setval('change_tx_seq', greatest((SELECT max(tx) FROM change_feed), (SELECT last_tx FROM change_feed_state), 1))`,
  ],
  // The wire protocol's limit is 65535.
  maxParameters: 60_000,
  feedTokenHighWater: () => sql<{ top: unknown }>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS top FROM change_tx_seq`,
};
