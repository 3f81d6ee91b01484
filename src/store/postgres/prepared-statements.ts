import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/** More distinct statements than this are sent unnamed: each one named is kept on every connection. */
const MAX_NAMED = 1000;

/**
 * Named prepared statements (issue 16): a statement sent with a name is parsed and planned once
 * per connection, then only bound and run. Names are given per statement text, in the order
 * texts are first seen, so one name always means one text on every connection of this process.
 * Left unnamed:
 * - description searches: their best plan depends on the needle (a rare one walks the GIN
 *   index, a common one the page's order), which a generic plan cannot know;
 * - everything, when switched off (`--no-prepared-statements`): behind a pooler in transaction
 *   mode (PgBouncer) consecutive statements can land on different server connections, where a
 *   statement prepared on another one does not exist.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly enabled: boolean) {}

  /** What pg sends for `query`: with a name when it is worth preparing. */
  config(query: CompiledQuery): pg.QueryConfig {
    const config: pg.QueryConfig = { text: query.sql, values: query.parameters as unknown[] };
    const name = this.nameOf(query.sql);
    return name === null ? config : { ...config, name };
  }

  private nameOf(text: string): string | null {
    if (!this.enabled) return null;
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= MAX_NAMED) return null;
      name = searchesDescriptions(text) ? null : `moneta_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/** A description search's condition (postgres-quirks.ts descriptionContains). */
function searchesDescriptions(text: string): boolean {
  return text.includes('description_folded LIKE') || text.includes('description_grams @>');
}
