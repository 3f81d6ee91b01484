/** The thread that copies a PostgreSQL store into the backup download's SQLite file (postgres-backup.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { StoreUnavailableError } from '../../domain/errors.js';
import { waitAtBarrier } from '../../worker-threads.js';
import { copyPostgresInto, type PostgresCopyJob, type PostgresCopyReply } from './postgres-backup.js';

const port = parentPort;
if (!port) throw new Error('postgres-backup-thread.ts runs as a worker thread');
const job = workerData as PostgresCopyJob;
waitAtBarrier(job.barrier);

copyPostgresInto(job).then(
  () => port.postMessage({ ok: true } satisfies PostgresCopyReply),
  (error: unknown) =>
    port.postMessage({
      ok: false,
      unavailable: error instanceof StoreUnavailableError,
      message: error instanceof Error ? error.message : String(error),
    } satisfies PostgresCopyReply),
);
