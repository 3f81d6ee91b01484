/**
 * The writer thread of a single-process server's SQLite store (see RemoteWriter): a WriterHost
 * whose commits, lock waits and index merges block this thread only, while the server's event
 * loop keeps reading requests; those writes join the next batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WriterHost } from './writer-host.js';
import type { WriterReply, WriterThreadMessage, WriterThreadOptions } from './writer-protocol.js';

const port = parentPort;
if (!port) throw new Error('writer-thread.ts runs as a worker thread');
const host = new WriterHost(workerData as WriterThreadOptions);
const sink = (replies: WriterReply[]) => port.postMessage(replies);

port.on('message', (message: WriterThreadMessage) => {
  if (message === 'close') {
    host.close();
    port.close();
    return;
  }
  host.handle(message, sink);
});
