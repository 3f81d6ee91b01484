import type { CompiledQuery } from 'kysely';

/** What a driver hands back for one statement. */
export interface StepResult {
  /** The rows it returned (none for a statement without RETURNING). */
  rows: unknown[];
  /** Rows it inserted, updated or deleted. */
  changes: number;
}

/** A write: a generator of statements, each receiving its result (see ../writes.ts). */
export type WriteProgram<T> = Generator<CompiledQuery, T, StepResult>;

export function* firstRow<T>(query: CompiledQuery): Generator<CompiledQuery, T | undefined, StepResult> {
  return (yield query).rows[0] as T | undefined;
}

/** The id an INSERT ... RETURNING id gave. */
export function* insertedId(query: CompiledQuery<{ id: number }>): Generator<CompiledQuery, number, StepResult> {
  const row = yield* firstRow<{ id: number }>(query);
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return Number(row.id);
}

export function* changes(query: CompiledQuery): Generator<CompiledQuery, number, StepResult> {
  return (yield query).changes;
}

/** The statements that stamp a write into the change feed (changes/change-feed-queries.ts writes them). */
export interface ChangeRecording {
  /** Takes the write's change token. */
  nextToken(): CompiledQuery<{ tx: number }>;
  /** The feed entries of the write holding token `tx`. */
  append(tx: number): Iterable<CompiledQuery>;
}

/**
 * A write that changes transactions, banks or categories stamps them with a change token taken
 * here, and ends with changeRecorded (change feed, migration 0009).
 */
export function* changeToken(feed: ChangeRecording): Generator<CompiledQuery, number, StepResult> {
  const row = yield* firstRow<{ tx: number | string }>(feed.nextToken());
  if (!row) throw new Error('no change token');
  return Number(row.tx);
}

/** The feed entry of the write holding token `tx`: the program's last statements, right before its commit. */
export function* changeRecorded(feed: ChangeRecording, tx: number): Generator<CompiledQuery, void, StepResult> {
  for (const statement of feed.append(tx)) yield statement;
}
