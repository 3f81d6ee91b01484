/**
 * Where an import's one write transaction runs on SQLite: on the store's event loop (an in-memory
 * store, which no other connection can see, and one-shot commands), or on a thread of its own
 * (import-thread.ts; `serve`). better-sqlite3 is synchronous: in the event loop, each batch's
 * statements and the commit of a large file (its fsync, and the checkpoint SQLite runs after it)
 * held every other request, up to about a second at a time for a 95 MiB statement (issue 28,
 * item 16). On the thread the transaction is the same one (BEGIN IMMEDIATE ... COMMIT on one
 * connection): the import lands whole or not at all, and is answered only once committed.
 */
import type Database from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import type { Worker } from 'node:worker_threads';
import type { ImportConnection } from '../imports/import-session.js';
import { CompiledStatements } from './compiled-statements.js';
import { startThread } from './start-thread.js';

/** A large import touches the unique key index all over: a fixed 64 MiB page cache (negative: KiB). */
export const IMPORT_CACHE_KIB = -65536;

export interface ImportThreadData {
  path: string;
  busyTimeoutMs: number;
  cacheKib: number;
  /** Tests: a barrier (ThreadBarrier's buffer) the thread waits at right before COMMIT. */
  commitBarrier?: SharedArrayBuffer;
}

export type ImportThreadRequest = { kind: 'run'; sql: string; parameters: readonly unknown[] } | { kind: 'commit' } | { kind: 'rollback' };
export type ImportThreadReply = { ok: true; rows: unknown[] } | { ok: false; message: string; code?: string };

/** Tests: hold an import on its thread right before its COMMIT (see ThreadBarrier). */
export const importThreadTesting: { commitBarrier: SharedArrayBuffer | undefined } = { commitBarrier: undefined };

/** An import's open transaction, and how to let go of its connection once it has ended. */
export interface ImportTransaction extends ImportConnection {
  close(): void;
}

/** BEGIN IMMEDIATE on this connection, in the event loop. */
export function inlineImportTransaction(db: Database.Database): ImportTransaction {
  const statements = new CompiledStatements(db);
  const cacheSize = Number(db.pragma('cache_size', { simple: true }));
  const restoreCache = () => db.pragma(`cache_size = ${cacheSize}`);
  db.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    restoreCache();
    throw error;
  }
  return {
    run: async <T>(query: CompiledQuery<T>) => statements.execute(query).rows as T[],
    async commit() {
      db.exec('COMMIT');
      restoreCache();
    },
    async rollback() {
      // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL).
      if (db.inTransaction) db.exec('ROLLBACK');
      restoreCache();
    },
    close: () => {},
  };
}

/** BEGIN IMMEDIATE on a connection of its own, on a thread; rejects as the statement would have thrown. */
export async function threadImportTransaction(path: string, busyTimeoutMs: number): Promise<ImportTransaction> {
  const data: ImportThreadData = { path, busyTimeoutMs, cacheKib: IMPORT_CACHE_KIB, commitBarrier: importThreadTesting.commitBarrier };
  const thread = new ImportThread(startThread('import-thread', data));
  try {
    await thread.reply();
  } catch (error) {
    thread.close();
    throw error;
  }
  return {
    run: async <T>(query: CompiledQuery<T>) => (await thread.ask({ kind: 'run', sql: query.sql, parameters: query.parameters })) as T[],
    commit: async () => void (await thread.ask({ kind: 'commit' })),
    rollback: async () => void (await thread.ask({ kind: 'rollback' })),
    close: () => thread.close(),
  };
}

/** The thread's answers, in the order it was asked (an import's calls never overlap). */
class ImportThread {
  private readonly waiting: Array<{ resolve: (rows: unknown[]) => void; reject: (error: Error) => void }> = [];
  private failure: Error | undefined;

  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ImportThreadReply) => {
      const next = this.waiting.shift();
      if (reply.ok) next?.resolve(reply.rows);
      else next?.reject(Object.assign(new Error(reply.message), reply.code === undefined ? {} : { code: reply.code }));
    });
    worker.on('error', (error: Error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('the import thread stopped before the import ended')));
  }

  /** The next answer, without asking (the thread answers its start by itself). */
  reply(): Promise<unknown[]> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  ask(request: ImportThreadRequest): Promise<unknown[]> {
    const answer = this.reply();
    if (!this.failure) this.worker.postMessage(request);
    return answer;
  }

  close(): void {
    void this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
  }
}
