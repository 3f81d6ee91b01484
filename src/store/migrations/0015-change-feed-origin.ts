import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';
import { randomNameSql } from '../engine/sql-terms.js';

/**
 * Cursors of the change feed name where they came from (issue 28): `store_id`, a random name
 * given once, when a store is created (or migrated to this version), and `epoch`, a random name
 * given again whenever the store's past is replaced (`moneta restore`). A cursor from another
 * store or another epoch is refused, so a client whose cursor predates a restore of an older
 * backup rereads instead of silently skipping changes. Random, not a counter: a restored backup
 * carries the epoch counter of its day, and counting up from it could give a number a cursor
 * already holds. `moneta copy` copies both (change_feed_state is copied): a copy continues the
 * same feed. See docs/change-feed.md.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  const text = engine === 'sqlite' ? 'TEXT' : 'text COLLATE "C"';
  await sql`ALTER TABLE change_feed_state ADD COLUMN store_id ${sql.raw(text)} NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE change_feed_state ADD COLUMN epoch ${sql.raw(text)} NOT NULL DEFAULT ''`.execute(db);
  await sql`UPDATE change_feed_state SET store_id = ${sql.raw(randomNameSql(engine))}, epoch = ${sql.raw(randomNameSql(engine))}`.execute(db);
}
