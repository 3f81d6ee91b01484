/**
 * A thread for the backup download (see backupInThread): the online backup steps through pages
 * asynchronously, but the checks after it (`integrity_check` reads the whole file) run for about a
 * second per 100,000 transactions, which must not stop the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { backupDatabase, BackupError, sealCopy } from './backup.js';
import type { BackupThreadJob, BackupThreadReply } from './backup.js';

const port = parentPort;
if (!port) throw new Error('backup-thread.ts runs as a worker thread');
const job = workerData as BackupThreadJob;

async function run(): Promise<void> {
  if (job.op === 'backup') await backupDatabase(job.source, job.destination);
  else sealCopy(job.file);
}

run().then(
  () => port.postMessage({ ok: true } satisfies BackupThreadReply),
  (error: unknown) =>
    port.postMessage({ ok: false, backupError: error instanceof BackupError, message: error instanceof Error ? error.message : String(error) } satisfies BackupThreadReply),
);
