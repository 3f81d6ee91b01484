// The backup download of a PostgreSQL store: `moneta copy` into a new SQLite file. Run on a
// thread of its own (postgres-backup-thread.ts): the file's inserts, its migration and the copy's
// own check (which reads each copied table whole) are synchronous SQLite work, and two backups of
// a large store at once held the server's event loop for 2.4 s (issue 28, item 15).
import { StoreUnavailableError } from '../../domain/errors.js';
import { openTableAccess } from '../open-table-access.js';
import { openMigratedStore } from '../open-store.js';
import { oneReply, startWorker } from '../../worker-threads.js';
import { copyStore } from './copy-store.js';

/** Rows per round trip when a PostgreSQL store is copied into the backup file (as `moneta copy`). */
const COPY_BATCH_ROWS = 1000;

export interface PostgresCopyJob {
  url: string;
  statementTimeoutMs: number;
  /** The new SQLite file. */
  file: string;
  /** Tests: the thread waits at this barrier (ThreadBarrier) before it copies. */
  barrier?: SharedArrayBuffer;
}

export type PostgresCopyReply = { ok: true } | { ok: false; unavailable: boolean; message: string };

/** Tests: a barrier every copy thread waits at before it starts (see ThreadBarrier). */
export const postgresCopyTesting: { barrier: SharedArrayBuffer | undefined } = { barrier: undefined };

/** Copies every table into `file` (migrated first) and checks the copy; in the copy thread. */
export async function copyPostgresInto(job: PostgresCopyJob): Promise<void> {
  // The file gets the schema of this version first, so every copied table has its columns.
  await (await openMigratedStore({ db: job.file })).lifecycle.close();
  const source = openTableAccess({ db: job.url, statementTimeoutMs: job.statementTimeoutMs, busyTimeoutMs: 0 });
  const target = openTableAccess({ db: job.file, statementTimeoutMs: job.statementTimeoutMs, busyTimeoutMs: 5000 });
  try {
    const report = await copyStore(source, target, { force: false, batchSize: COPY_BATCH_ROWS });
    const differing = [...report.tables, ...report.derived].filter((table) => !table.matches);
    if (differing.length > 0) throw new Error(`the backup copy differs from the store in ${differing.map((table) => table.table).join(', ')}`);
  } finally {
    await Promise.allSettled([source.close(), target.close()]);
  }
}

/** copyPostgresInto on a thread of its own; its failures come back as they were (503 stays 503). */
export async function copyPostgresInThread(job: Omit<PostgresCopyJob, 'barrier'>): Promise<void> {
  const worker = startWorker(new URL('./postgres-backup-thread', import.meta.url), { ...job, barrier: postgresCopyTesting.barrier } satisfies PostgresCopyJob);
  const reply = await oneReply<PostgresCopyReply>(worker, 'backup copy thread');
  if (!reply.ok) throw reply.unavailable ? new StoreUnavailableError(reply.message) : new Error(reply.message);
}
