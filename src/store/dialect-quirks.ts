import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The few places where the two engines need different SQL for the same meaning.
 * Everything else is written once in queries.ts.
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

/** Every transaction with id <= this is in transactions_fts; none above it (migration 0005). */
const SQLITE_INDEXED_THROUGH = sql<number>`(SELECT indexed_through FROM search_index_state)`;

export const sqliteQuirks: DialectQuirks = {
  // instr() compares literally, so %, _ and \ need no escaping. From 3 characters on, the FTS5
  // trigram index (migration 0004) narrows the rows it holds (ids up to the watermark of 0005);
  // newer rows, not indexed yet, are all candidates. instr() still decides, so the result is
  // exactly the unindexed one. Under 3 characters no trigram exists: instr() alone, a scan.
  descriptionContains: (folded) =>
    [...folded].length >= 3
      ? sql<SqlBool>`(id IN (SELECT rowid FROM transactions_fts WHERE transactions_fts MATCH ${ftsPhrase(folded)} AND rowid <= ${SQLITE_INDEXED_THROUGH})
          OR id > ${SQLITE_INDEXED_THROUGH}) AND instr(description_folded, ${folded}) > 0`
      : sql<SqlBool>`instr(description_folded, ${folded}) > 0`,
  trigramSearch: (folded, aliases) =>
    [...folded].length >= 3
      ? {
          match: sql<SqlBool>`${sql.ref(`${aliases.fts}.transactions_fts`)} MATCH ${ftsPhrase(folded)}`,
          recheck: sql<SqlBool>`instr(${sql.ref(`${aliases.table}.description_folded`)}, ${folded}) > 0`,
          indexedThrough: SQLITE_INDEXED_THROUGH,
        }
      : undefined,
};

/** An FTS5 query matching `text` as one phrase: inside double quotes everything is literal but `"`, doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

export const postgresQuirks: DialectQuirks = {
  // LIKE with escaped wildcards is what the pg_trgm GIN index can serve; strpos() cannot use it.
  descriptionContains: (folded) => sql<SqlBool>`description_folded LIKE ${`%${escapeLike(folded)}%`}`,
};

/** Escapes LIKE's wildcards with PostgreSQL's default escape character, the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
