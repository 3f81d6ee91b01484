import { sql } from 'kysely';
import type { CopyQuirks } from '../copy/kysely-table-access.js';

/** How `moneta copy` and the backup read and rewrite a SQLite store's tables (copy/kysely-table-access.ts). */
export const sqliteCopyQuirks: CopyQuirks = {
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
