import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../domain/errors.js';
import { openTableAccess } from '../store/open-table-access.js';
import { openMigratedStore } from '../store/open-store.js';
import { backupInThread, BackupError } from '../store/sqlite/backup.js';
import type { Store, StoreLocation } from '../store/store.js';
import { copyStore } from './copy.service.js';
import { makeTempDir } from './temp-dirs.js';

/** Rows per round trip when a PostgreSQL store is copied into the backup file (as `moneta copy`). */
const COPY_BATCH_ROWS = 1000;

export interface BackupDownload {
  /** The file's bytes; the temporary file is already removed (its descriptor closes with the stream). */
  stream: Readable;
  /** `moneta-YYYY-MM-DD.db`, the date in UTC. */
  fileName: string;
  bytes: number;
}

/**
 * The whole store as one consistent SQLite file, for the backup download (GET /manage/backup).
 * SQLite: the online backup of `moneta backup`. PostgreSQL: `moneta copy` into a new SQLite file,
 * reading every table from one read-only snapshot. The copy is written in a private temporary
 * directory, opened, and removed before a byte is sent: nothing is left behind, even when the
 * client goes away mid-download.
 */
export class BackupService {
  /** One copy made at a time per process: each is a whole store on disk and a thread's work. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Pick<Store, 'lifecycle'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `moneta-YYYY-MM-DD.db`, today in UTC. */
  fileName(): string {
    return `moneta-${new Date(this.now()).toISOString().slice(0, 10)}.db`;
  }

  /** Throws the 409 of a store that has no file to copy (in memory). */
  assertPossible(): void {
    const location = this.store.lifecycle.location();
    if (location.engine === 'sqlite' && location.path === ':memory:') {
      throw new DomainError('conflict', 'this store is in memory: it has no file to back up (start the server with --db <file>)');
    }
  }

  download(): Promise<BackupDownload> {
    this.assertPossible();
    const next = this.queue.then(() => this.copy());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async copy(): Promise<BackupDownload> {
    const location = this.store.lifecycle.location();
    const directory = await makeTempDir('download-backup');
    try {
      const file = join(directory, 'backup.db');
      await writeCopy(location, file);
      const handle = await open(file, 'r');
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), fileName: this.fileName(), bytes: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
}

async function writeCopy(location: StoreLocation, file: string): Promise<void> {
  if (location.engine === 'sqlite') {
    try {
      await backupInThread({ op: 'backup', source: location.path, destination: file });
    } catch (error) {
      if (error instanceof BackupError) throw new DomainError('conflict', `the backup could not be made: ${error.message}`);
      throw error;
    }
    return;
  }
  // The file gets the schema of this version first, so every copied table has its columns.
  await (await openMigratedStore({ db: file })).lifecycle.close();
  const source = openTableAccess({ db: location.url, statementTimeoutMs: location.statementTimeoutMs, busyTimeoutMs: 0 });
  const target = openTableAccess({ db: file, statementTimeoutMs: location.statementTimeoutMs, busyTimeoutMs: 5000 });
  try {
    const report = await copyStore(source, target, { force: false, batchSize: COPY_BATCH_ROWS });
    const differing = report.tables.filter((table) => !table.matches);
    if (differing.length > 0) throw new Error(`the backup copy differs from the store in ${differing.map((table) => table.table).join(', ')}`);
  } finally {
    await Promise.allSettled([source.close(), target.close()]);
  }
  await backupInThread({ op: 'seal', file });
}
