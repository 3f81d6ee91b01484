import type { CompiledQuery } from 'kysely';

/** How many compiled statements one Queries keeps (a few dozen list shapes and pages in practice). */
const KEPT = 256;

/**
 * Compiled statements of the list's reads, kept per query value. Building and compiling a page's
 * statement with the query builder costs ~25 µs, about a tenth of a whole list request on
 * SQLite, and the same page is asked again and again (a screen refreshed, a search box, page 1).
 * The SQL and its parameters depend on the query alone: what depends on the data (the trigram
 * index's watermark, where a deep offset starts, the counts) is read by subqueries when the
 * statement runs, never when it is built. Keys are the query's JSON, so a query equal in every
 * field finds the statement compiled for it; the oldest entry goes when KEPT are held.
 */
export class CompiledByQuery {
  private readonly kept = new Map<string, CompiledQuery>();

  get<R>(kind: string, query: object, build: () => CompiledQuery<R>): CompiledQuery<R> {
    const key = `${kind}\u0000${JSON.stringify(query)}`;
    const found = this.kept.get(key);
    if (found) return found as CompiledQuery<R>;
    const compiled = build();
    if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, compiled);
    return compiled;
  }
}
