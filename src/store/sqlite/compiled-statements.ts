import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { StepResult } from '../writes.js';

/**
 * Runs compiled queries on a better-sqlite3 connection, preparing each distinct SQL text once.
 * The query builders produce a small, fixed set of shapes, so the cache stays small.
 */
export class CompiledStatements {
  private readonly cache = new Map<string, Database.Statement>();
  /** Statements returning their first column's values; pluck() is a mode of the statement, so these are kept apart. */
  private readonly plucked = new Map<string, Database.Statement>();
  /** Statements returning each row as an array (raw(), also a mode of the statement). */
  private readonly raw = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  all<T>(query: CompiledQuery): T[] {
    return this.statement(query).all(...(query.parameters as unknown[])) as T[];
  }

  first<T>(query: CompiledQuery): T | undefined {
    return this.statement(query).get(...(query.parameters as unknown[])) as T | undefined;
  }

  /** The first column of every row: no row objects are built. */
  column<T>(query: CompiledQuery): T[] {
    return this.statement(query, this.plucked).all(...(query.parameters as unknown[])) as T[];
  }

  /** Every row as an array of its columns in SELECT order: no row objects, no property names. */
  arrays<T extends readonly unknown[]>(query: CompiledQuery): T[] {
    return this.statement(query, this.raw).all(...(query.parameters as unknown[])) as T[];
  }

  /** Runs any statement: its rows when it returns some, and how many rows it changed. */
  execute(query: CompiledQuery): StepResult {
    const statement = this.statement(query);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(...parameters), changes: 0 };
    return { rows: [], changes: statement.run(...parameters).changes };
  }

  run(query: CompiledQuery): Database.RunResult {
    return this.statement(query).run(...(query.parameters as unknown[]));
  }

  private statement(query: CompiledQuery, cache = this.cache): Database.Statement {
    let statement = cache.get(query.sql);
    if (!statement) {
      statement = this.db.prepare(query.sql);
      if (cache === this.plucked) statement.pluck();
      if (cache === this.raw) statement.raw();
      cache.set(query.sql, statement);
    }
    return statement;
  }
}
