import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * PostgreSQL: answers one- and two-character description searches exactly from an index
 * (issue 16). pg_trgm's index cannot: a needle shorter than a trigram extracts nothing from it,
 * so such a search read every row.
 * - moneta_short_grams(text): every substring of one and of two characters (duplicates kept:
 *   GIN keeps each key once per row anyway).
 * - transactions.description_grams: that array for description_folded, a STORED generated
 *   column, so PostgreSQL keeps it on every insert and update (no trigger) and a search that walks
 *   rows in page order tests a stored array instead of recomputing it per row.
 * - a GIN index on it: `description_grams @> ARRAY[needle]` holds exactly when description_folded
 *   contains a needle of one or two characters (such a substring is one of the grams).
 * Longer needles keep using pg_trgm. Never copied (copied-tables.ts: derived), never in the API.
 * SQLite: nothing (its short searches scan, and their totals are cached: sqlite/count-cache.ts).
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`CREATE FUNCTION moneta_short_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $grams$
    SELECT ARRAY(
      SELECT substr(t, i, 1) FROM generate_series(1, char_length(t)) AS i
      UNION ALL
      SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
    )
  $grams$`.execute(db);
  await sql`ALTER TABLE transactions ADD COLUMN description_grams text[] GENERATED ALWAYS AS (moneta_short_grams(description_folded)) STORED`.execute(db);
  await sql`CREATE INDEX transactions_description_grams ON transactions USING gin (description_grams)`.execute(db);
  await sql`ANALYZE transactions`.execute(db);
}
