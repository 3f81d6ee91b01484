import { sql, type SqlBool } from 'kysely';
import type { DialectQuirks } from '../dialect-quirks.js';

export const postgresQuirks: DialectQuirks = {
  // LIKE with escaped wildcards is what the pg_trgm GIN index can serve; strpos() cannot use it.
  descriptionContains: (folded) => sql<SqlBool>`description_folded LIKE ${`%${escapeLike(folded)}%`}`,
};

/** Escapes LIKE's wildcards with PostgreSQL's default escape character, the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
