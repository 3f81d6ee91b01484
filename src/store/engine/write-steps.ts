import type { CompiledQuery } from 'kysely';
import type { ChangeFeedQueries } from '../changes/change-feed-queries.js';

/** What a driver hands back for one statement. */
export interface StepResult {
  /** The rows it returned (none for a statement without RETURNING). */
  rows: unknown[];
  /** Rows it inserted, updated or deleted. */
  changes: number;
}

/** A write: a generator of statements, each receiving its result (see writes.ts). */
export type WriteProgram<T> = Generator<CompiledQuery, T, StepResult>;

export function* firstRow<T>(query: CompiledQuery): Generator<CompiledQuery, T | undefined, StepResult> {
  return (yield query).rows[0] as T | undefined;
}

export function* changes(query: CompiledQuery): Generator<CompiledQuery, number, StepResult> {
  return (yield query).changes;
}

/**
 * A write that changes transactions, banks or categories stamps them with a change token taken
 * here, and ends with changeRecorded (change feed, migration 0009).
 */
export function* changeToken(feed: ChangeFeedQueries): Generator<CompiledQuery, number, StepResult> {
  const row = yield* firstRow<{ tx: number | string }>(feed.nextToken());
  if (!row) throw new Error('no change token');
  return Number(row.tx);
}

/** The feed entry of the write holding token `tx`: the program's last statements, right before its commit. */
export function* changeRecorded(feed: ChangeFeedQueries, tx: number): Generator<CompiledQuery, void, StepResult> {
  for (const statement of feed.append(tx)) yield statement;
}
