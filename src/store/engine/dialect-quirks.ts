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
  /**
   * A transaction's value as a whole number of cents, or NULL when it is not one: migration
   * 0008's centsSql over `value`, the expression its report totals were computed with.
   */
  readonly cents: RawBuilder<number | null>;
  trigramSearch?(folded: string, aliases: { fts: string; table: string }): TrigramSearch | undefined;
  /** `column` is one of `ids`, bound as ONE parameter (so the statement's text never depends on how many). */
  amongIds(column: string, ids: readonly number[]): RawBuilder<SqlBool>;
  /** `column` is one of `texts`, bound as ONE parameter, like amongIds. */
  amongTexts(column: string, texts: readonly string[]): RawBuilder<SqlBool>;
  /**
   * `column` is one of the ids a subquery selects (a few: split lines, migration 0020), written so
   * that an OR with an indexed condition still reads indexes (PostgreSQL: an array, which a bitmap
   * index scan takes; a plain IN there becomes a filter over every row).
   */
  amongSelected(column: string, ids: RawBuilder<unknown>): RawBuilder<SqlBool>;
  /** The day `days` days after the date in `column` (before it when negative), as YYYY-MM-DD text. */
  dayShifted(column: string, days: number): RawBuilder<string>;
  /** A fresh change token, as one row `{ tx }` (migration 0009). */
  nextChangeToken(): RawBuilder<{ tx: number }>;
  /**
   * Taken right before a write appends its change_feed entry and held until it commits
   * (PostgreSQL: a SHARED lock, so writers never wait on each other); undefined where writes are
   * serial anyway (SQLite). See changeFeedHorizon.
   */
  changeFeedLock?(): RawBuilder<unknown>;
  /**
   * The highest feed seq below which every entry has committed, as one row `{ horizon }`: a brief
   * exclusive barrier on changeFeedLock (it waits for the writers between append and commit),
   * then the last seq handed out. A feed reader reads no further (PostgreSQL, where seq is not
   * commit order); undefined where seq is commit order by construction (SQLite).
   */
  changeFeedHorizon?(): RawBuilder<{ horizon: number | string | null }>;
  /**
   * The snapshot the statement reads in, as text (PostgreSQL: pg_current_snapshot()): two reads
   * with the same text see exactly the same rows, so a total counted in one holds for the other.
   * Undefined where a read transaction already pins its snapshot (SQLite).
   */
  snapshotId?(): RawBuilder<string>;
  /**
   * Engines that write a change feed page's JSON themselves (SQLite); undefined where pages
   * become JSON in the server process (PostgreSQL).
   */
  readonly changeJson?: {
    /** One change of kind `phase` (CHANGE_PHASES) as the listChanges route's serialiser writes it, as SQL over that kind's row `x`. */
    of(phase: number): RawBuilder<string>;
    /** The page's JSON array of those texts, every number as the serialiser writes it. */
    array(texts: readonly string[]): string;
  };
  /** Reads that move rows lock them first (PostgreSQL: FOR UPDATE; SQLite has one writer). */
  readonly locksRows: boolean;
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
