import type { CompiledQuery } from 'kysely';
import type { WriteProgram } from './write-steps.js';

/** Write programs by name: what an aggregate's *-writes.ts returns (all of them: ../writes.ts). */
export type ProgramSet = { [name: string]: (...args: never[]) => WriteProgram<unknown> };

/** What a program resolves to once committed. */
export type ProgramResult<F> = F extends (...args: never[]) => WriteProgram<infer T> ? T : never;

/** The arguments a program takes. */
export type ProgramArgs<F> = F extends (...args: infer A) => unknown ? A : never;

/** Runs a named write of `P`, whichever engine's driver carries it out. */
export type SubmitWrite<P> = <K extends keyof P & string>(op: K, ...args: ProgramArgs<P[K]>) => Promise<ProgramResult<P[K]>>;

/**
 * What an engine provides to the repositories, which are written once over it: its statement
 * builders `Q`, a way to run one read statement and a way to run one write program of `P`. Each
 * repository names only the builders and programs it uses; the engines hand every repository the
 * whole set (../writes.ts).
 */
export interface EngineAccess<Q, P> {
  readonly queries: Q;
  /** Runs one read statement, outside any write transaction. */
  all<T>(query: CompiledQuery<T>): Promise<T[]>;
  first<T>(query: CompiledQuery<T>): Promise<T | undefined>;
  /**
   * Runs one read statement that may scan many rows (a deep page, a pass over every transaction
   * by id) on the engine's bounded read path, under the statement time limit: on SQLite on a read
   * thread when the store has them, so it never holds the event loop (PostgreSQL's every
   * statement is bounded by statement_timeout, and waits without holding it).
   */
  scanAll<T>(query: CompiledQuery<T>): Promise<T[]>;
  scanFirst<T>(query: CompiledQuery<T>): Promise<T | undefined>;
  /**
   * Where the engine has it (SQLite): runs one read statement and gives each row as an array of
   * its columns in SELECT order, which costs less than building row objects (a change page of
   * 1,000 rows: ~1.0 ms as objects, ~0.7 ms as arrays).
   */
  arrays?<T extends readonly unknown[]>(query: CompiledQuery): Promise<T[]>;
  /** Runs one write program in a transaction of its own; resolves once it is durably committed. */
  readonly write: SubmitWrite<P>;
}
