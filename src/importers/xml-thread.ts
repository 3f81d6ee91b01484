/**
 * The thread that parses an XML statement (OFX, CAMT.053) for xml-statement.ts: the file is read
 * and its whole tree built here, so a large file never holds the server's event loop, and the
 * memory it takes is this thread's, given back when the thread ends. Its items go to the caller
 * a batch at a time, when asked for.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { waitAtBarrier } from '../worker-threads.js';
import { readCamt053Statement } from './camt053-statement.js';
import { readOfxStatement } from './ofx/ofx-statement.js';
import { StatementError } from './types.js';
import type { XmlThreadData, XmlThreadMessage } from './xml-statement.js';

const port = parentPort;
if (!port) throw new Error('xml-thread.ts runs as a worker thread');
const { path, label, format, batchSize, barrier } = workerData as XmlThreadData;
/** A caller that stops asking (an import that failed before reading every item) does not keep this thread. */
const IDLE_LIMIT_MS = 120_000;
let idle: NodeJS.Timeout | undefined;
function stillWanted(): void {
  clearTimeout(idle);
  idle = setTimeout(() => process.exit(0), IDLE_LIMIT_MS);
}

function post(message: XmlThreadMessage): void {
  port?.postMessage(message);
}

try {
  waitAtBarrier(barrier);
  const statement = format === 'ofx' ? await readOfxStatement(path, label) : await readCamt053Statement(path, label);
  const { items } = statement;
  post({ kind: 'opened', bankNameHint: statement.bankNameHint, notes: statement.notes, count: items.length });
  stillWanted();
  let next = 0;
  port.on('message', () => {
    stillWanted();
    const batch = items.slice(next, next + batchSize);
    next += batch.length;
    post({ kind: 'batch', items: batch });
    // Sent items are the caller's now: this thread lets go of its copies as it goes.
    items.fill(undefined as never, next - batch.length, next);
  });
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), statement: error instanceof StatementError });
}
