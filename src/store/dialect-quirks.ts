import type { RawBuilder, SqlBool } from 'kysely';

/**
 * The few places inside the shared query builders (queries.ts) where the engines need different
 * SQL for the same meaning: sqlite/sqlite-quirks.ts and postgres/postgres-quirks.ts implement it.
 */
export interface DialectQuirks {
  /** `description_folded` contains `folded` literally (no wildcards). */
  descriptionContains(folded: string): RawBuilder<SqlBool>;
  /**
   * Engines with a trigram full-text table (SQLite, migration 0004): conditions for a page read
   * by walking that table in rowid order, joined to `transactions` (`table`) through `fts`.
   * `match` narrows, `recheck` decides. Undefined when the text is too short for trigrams.
   */
  trigramSearch?(folded: string, aliases: { fts: string; table: string }): TrigramSearch | undefined;
}

export interface TrigramSearch {
  match: RawBuilder<SqlBool>;
  recheck: RawBuilder<SqlBool>;
  /**
   * The highest id the trigram table is known to hold (migration 0005): rows above it are not
   * indexed yet and must be found by `recheck` alone. Read in the same snapshot as the rest.
   */
  indexedThrough: RawBuilder<number>;
}
