/**
 * A read thread of the SQLite store (see ReadPool): pages and streamed pages read on a read-only
 * connection of its own, so a statement that runs for seconds blocks this thread only, never the
 * server's event loop. The pool abandons the thread when a statement runs past its limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { waitAtBarrier } from '../../worker-threads.js';
import type { TransactionStream } from '../store.js';
import { connectionPragmas, openReadConnection } from './connection.js';
import { PageReader } from './page-reader.js';
import type { ReadReply, ReadRequest, ReadThreadMessage, ReadThreadOptions, StatementText } from './read-pool.js';
import { openSqliteStream } from './sqlite-stream.js';

const port = parentPort;
if (!port) throw new Error('read-thread.ts runs as a worker thread');
const { path, busyTimeoutMs, readBarrier, startBarrier } = workerData as ReadThreadOptions;
const db = openReadConnection(path, busyTimeoutMs);
const reader = new PageReader(db);
let stream: TransactionStream | undefined;
waitAtBarrier(startBarrier);
port.postMessage({ ready: true } satisfies ReadThreadMessage);

/** Only the text and values are used to run a statement (CompiledStatements). */
function compiled(statement: StatementText): CompiledQuery {
  return statement as CompiledQuery;
}

async function handle(request: ReadRequest): Promise<unknown> {
  if (request.op !== 'pragmas' && request.op !== 'nextBatch') waitAtBarrier(readBarrier);
  switch (request.op) {
    case 'all':
      return reader.statements.all(compiled(request.statement));
    case 'first':
      return reader.statements.first(compiled(request.statement));
    case 'page':
      return reader.page(request.query);
    case 'jsonPage':
      return reader.jsonPage(request.query);
    case 'reportParts':
      return reader.reportParts(request.filter, request.grouping);
    case 'inboxParts':
      return reader.inboxParts();
    case 'openStream':
      stream = openSqliteStream(path, busyTimeoutMs, reader.queries, request.query);
      return stream.total;
    case 'pragmas':
      return connectionPragmas(db);
    case 'nextBatch': {
      if (!stream) throw new Error('no stream is open on this read thread');
      const next = await stream.batches.next();
      return next.done === true ? null : next.value;
    }
  }
}

port.on('message', (request: ReadRequest) => {
  handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ReadReply),
    (error: unknown) => {
      const { message, code } = error as { message?: unknown; code?: unknown };
      port.postMessage({ id: request.id, ok: false, message: String(message), code: typeof code === 'string' ? code : undefined } satisfies ReadReply);
    },
  );
});
