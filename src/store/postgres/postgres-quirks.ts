import { sql, type SqlBool } from 'kysely';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import { centsSql } from '../engine/sql-terms.js';
import { CHANGE_FEED_LOCK } from '../migrations/0009-corrections-and-change-feed.js';

export const postgresQuirks: DialectQuirks = {
  cents: sql.raw<number | null>(centsSql('value', 'postgres')),
  // One or two characters (code points, as PostgreSQL counts them): the grams column and its
  // GIN index (migration 0011), exact by construction. Longer: LIKE with escaped wildcards,
  // which the pg_trgm GIN index can serve; strpos() cannot use either.
  descriptionContains: (folded) =>
    [...folded].length <= 2
      ? sql<SqlBool>`description_grams @> ARRAY[${folded}::text]`
      : sql<SqlBool>`description_folded LIKE ${`%${escapeLike(folded)}%`}`,
  amongIds: (column, ids) => sql<SqlBool>`${sql.ref(column)} = ANY(${ids}::bigint[])`,
  amongTexts: (column, texts) => sql<SqlBool>`${sql.ref(column)} = ANY(${texts}::text[])`,
  amongSelected: (column, ids) => sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY(${ids}))`,
  dayShifted: (column, days) => sql<string>`to_char(CAST(${sql.ref(column)} AS date) + CAST(${days} AS integer), 'YYYY-MM-DD')`,
  // A sequence: writers never wait on each other for a token (a counter row would serialise them).
  nextChangeToken: () => sql<{ tx: number }>`SELECT nextval('change_tx_seq') AS tx`,
  // Held SHARED from the feed append to COMMIT: writers commit in any order, and a reader's
  // horizon (below) never passes an entry still in flight (docs/change-feed.md).
  changeFeedLock: () => sql`SELECT pg_advisory_xact_lock_shared(${sql.lit(CHANGE_FEED_LOCK)})`,
  // One statement in its own transaction: the FROM takes the exclusive lock (waiting for every
  // writer holding it shared to commit), then the sequence's last value is read. Sequences are
  // not transactional, so the value is the one at that instant, whatever the statement's snapshot.
  changeFeedHorizon: () =>
    sql<{ horizon: number | string | null }>`SELECT pg_sequence_last_value(pg_get_serial_sequence('change_feed', 'seq')) AS horizon
      FROM (SELECT pg_advisory_xact_lock(${sql.lit(CHANGE_FEED_LOCK)})) AS barrier`,
  locksRows: true,
  // The statement's own snapshot (in READ COMMITTED, each statement takes one): xmin, xmax and
  // the transactions in progress. Same text, same visible rows (postgres/search-totals.ts).
  snapshotId: () => sql<string>`pg_current_snapshot()::text`,
};

/** Escapes LIKE's wildcards with PostgreSQL's default escape character, the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
