import { AsyncLocalStorage } from 'node:async_hooks';

/** The changes the writes of one piece of work recorded (their change tokens), in commit order. */
export interface WrittenChanges {
  readonly changes: number[];
}

const current = new AsyncLocalStorage<WrittenChanges>();

/**
 * Runs `work` noting the change every store write inside it records (however deep in services
 * and repositories): how an HTTP write names its change (the `Moneta-Change` header, `change` in
 * extension bodies; http/register-operations.ts) without each service handing the token up.
 */
export function noteWrittenChanges<T>(written: WrittenChanges, work: () => T): T {
  return current.run(written, work);
}

/** Called by the store once a write that recorded change `change` has committed (engine-store.ts). */
export function changeWritten(change: number): void {
  current.getStore()?.changes.push(change);
}

/** The last change recorded by `written`'s work, or undefined when it recorded none. */
export function lastChange(written: WrittenChanges): number | undefined {
  return written.changes[written.changes.length - 1];
}
