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

/** The statements that keep a change's before-images (changes/undo-queries.ts writes them; migration 0018). */
export interface UndoRecording {
  /** Change `tx` can be undone; made at `madeAt` (ms since the epoch); `importId`: the import it was. */
  keep(tx: number, madeAt: number, undoes?: number | null, importId?: number | null): CompiledQuery;
  /** Images of the rows change `tx` moved into the trash. */
  imageTrashed(tx: number): CompiledQuery;
  /** Images of the rows change `tx` created or restored. */
  imageInList(tx: number, action: 'created' | 'restored'): CompiledQuery;
}

/**
 * Keeps change `tx` for undo, with the images of the rows it `created`, `restored` or `trashed`
 * (a change of categories needs none here: migration 0018's trigger writes them). Made now: the
 * retention purges by this time (docs/undo.md).
 */
export function* undoKept(undo: UndoRecording, tx: number, images?: 'created' | 'restored' | 'trashed'): Generator<CompiledQuery, void, StepResult> {
  yield undo.keep(tx, Date.now());
  if (images === 'trashed') yield undo.imageTrashed(tx);
  else if (images !== undefined) yield undo.imageInList(tx, images);
}

/** A program's result and the change it recorded (the token of its feed entry), or null when it recorded none. */
export interface Recorded<T> {
  value: T;
  change: number | null;
}

/**
 * Runs `program` unchanged, noting the change it records: its feed entry's statement, `append`
 * (whose first parameter is the token). What a driver runs (writes.ts programOf), so each write
 * names its change without every program returning it.
 */
export function* recorded<T>(program: WriteProgram<T>, append: string): WriteProgram<Recorded<T>> {
  let change: number | null = null;
  let step = program.next();
  while (!step.done) {
    const statement = step.value;
    const result = yield statement;
    if (statement.sql === append) change = Number(statement.parameters[0]);
    step = program.next(result);
  }
  return { value: step.value, change };
}
