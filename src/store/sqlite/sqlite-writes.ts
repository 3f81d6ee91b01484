import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteQuirks } from './sqlite-quirks.js';
import type { Database as Schema } from '../engine/schema.js';
import { programOf, StoreQueries, writePrograms, type WriteCommand, type WritePrograms } from '../writes.js';
import { CompiledStatements } from './compiled-statements.js';

/**
 * The SQLite driver of the store's write programs (writes.ts): runs one synchronously on one
 * connection, inside a write job of a WriteBatcher (its transaction and savepoint). Commands are
 * plain data, so the same write runs on the store's own connection or in the writer thread.
 */
export class SqliteWrites {
  private readonly programs: WritePrograms;
  private readonly queries: StoreQueries;
  private readonly statements: CompiledStatements;

  constructor(db: Database.Database) {
    // Kysely only compiles here; the statements run through better-sqlite3 directly.
    const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) });
    this.queries = new StoreQueries(kysely, sqliteQuirks);
    this.programs = writePrograms(this.queries);
    this.statements = new CompiledStatements(db);
  }

  /** Runs the command's program; answers its Recorded result (the value and the change it recorded). */
  run(command: WriteCommand): unknown {
    const program = programOf(this.programs, command, this.queries);
    let step = program.next();
    while (!step.done) step = program.next(this.statements.execute(step.value));
    return step.value;
  }
}
