/**
 * The thread an import's write transaction runs on (import-transaction.ts): its own connection,
 * BEGIN IMMEDIATE, each statement the import sends, COMMIT (the fsync, and the checkpoint SQLite
 * runs after a large commit). better-sqlite3 is synchronous: on the event loop, a batch's insert
 * and the commit of a large file held every other request for up to a second (issue 28, item 16).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import { waitAtBarrier } from '../../worker-threads.js';
import { CompiledStatements } from './compiled-statements.js';
import { openConnection } from './connection.js';
import type { ImportThreadData, ImportThreadReply, ImportThreadRequest } from './import-transaction.js';

const port = parentPort;
if (!port) throw new Error('import-thread.ts runs as a worker thread');
const { path, busyTimeoutMs, cacheKib, commitBarrier } = workerData as ImportThreadData;

function failure(error: unknown): ImportThreadReply {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { ok: false, message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) };
}

let db: ReturnType<typeof openConnection> | undefined;
let statements: CompiledStatements | undefined;
try {
  db = openConnection(path, busyTimeoutMs);
  db.pragma(`cache_size = ${cacheKib}`);
  db.exec('BEGIN IMMEDIATE');
  statements = new CompiledStatements(db);
  port.postMessage({ ok: true, rows: [] } satisfies ImportThreadReply);
} catch (error) {
  if (db?.open) db.close();
  port.postMessage(failure(error));
}

port.on('message', (request: ImportThreadRequest) => {
  const connection = db;
  if (!connection || !statements) return;
  let reply: ImportThreadReply;
  try {
    if (request.kind === 'run') reply = { ok: true, rows: statements.execute(CompiledQuery.raw(request.sql, [...request.parameters])).rows };
    else if (request.kind === 'commit') {
      waitAtBarrier(commitBarrier);
      connection.exec('COMMIT');
      reply = { ok: true, rows: [] };
    } else {
      // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL).
      if (connection.inTransaction) connection.exec('ROLLBACK');
      reply = { ok: true, rows: [] };
    }
  } catch (error) {
    reply = failure(error);
  }
  if (request.kind !== 'run' && reply.ok) connection.close();
  port.postMessage(reply);
});
