import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../store.js';

/**
 * PostgreSQL: an index that answers one- and two-character description searches exactly
 * (issue 16). pg_trgm's index cannot: a needle shorter than a trigram extracts nothing from it,
 * so such a search read every row. moneta_short_grams(text) is the set of every substring of one
 * and of two characters; a GIN index over it on description_folded finds the rows containing a
 * one- or two-character needle (`grams @> ARRAY[needle]`), which is exactly "description_folded
 * contains needle" (a substring of length n is one of the n-grams). PostgreSQL keeps the index
 * itself on every insert and update; no trigger, no table. Longer needles keep using pg_trgm.
 * SQLite: nothing (its short searches scan, and their totals are cached: sqlite/count-cache.ts).
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`CREATE FUNCTION moneta_short_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $grams$
    SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
      SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
      UNION ALL
      SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
    ) AS grams
  $grams$`.execute(db);
  await sql`CREATE INDEX transactions_description_short_grams ON transactions USING gin (moneta_short_grams(description_folded))`.execute(db);
  await sql`ANALYZE transactions`.execute(db);
}
