import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The few places where the two engines need different SQL for the same meaning.
 * Everything else is written once in queries.ts.
 */
export interface DialectQuirks {
  /** `description_folded` contains `folded` literally (no wildcards). */
  descriptionContains(folded: string): RawBuilder<SqlBool>;
}

export const sqliteQuirks: DialectQuirks = {
  // instr() compares literally, so %, _ and \ need no escaping.
  descriptionContains: (folded) => sql<SqlBool>`instr(description_folded, ${folded}) > 0`,
};

export const postgresQuirks: DialectQuirks = {
  // LIKE with escaped wildcards is what the pg_trgm GIN index can serve; strpos() cannot use it.
  descriptionContains: (folded) => sql<SqlBool>`description_folded LIKE ${`%${escapeLike(folded)}%`}`,
};

/** Escapes LIKE's wildcards with PostgreSQL's default escape character, the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
