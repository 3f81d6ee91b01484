import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DEFAULT_LIMITS } from '../config/limits.js';
import { DomainError, StoreUnavailableError } from '../domain/errors.js';
import { backupInThread, BackupError } from '../store/sqlite/backup.js';
import type { Store, StoreLocation } from '../store/store.js';
import { copyPostgresInThread } from '../store/copy/postgres-backup.js';
import { makeTempDir } from './temp-dirs.js';

export interface BackupDownload {
  /** The file's bytes; the temporary file is already removed (its descriptor closes with the stream). */
  stream: Readable;
  /** `moneta-YYYY-MM-DD.db`, the date in UTC. */
  fileName: string;
  bytes: number;
}

/** How many downloads one process makes or sends at once, and how long one may take. */
export interface BackupLimits {
  maxDownloads: number;
  timeoutMs: number;
}

/**
 * The whole store as one consistent SQLite file, for the backup download (GET /manage/backup).
 * SQLite: the online backup of `moneta backup`. PostgreSQL: `moneta copy` into a new SQLite file,
 * reading every table from one read-only snapshot. The copy is written in a private temporary
 * directory (named for this process: a killed server's is removed by the next start), opened,
 * and removed before a byte is sent; the open file is the only copy left, and its descriptor is
 * closed when the download ends, is cut off by its deadline, or its client goes away.
 */
export class BackupService {
  /** One copy made at a time per process: each is a whole store on disk and a thread's work. */
  private queue: Promise<unknown> = Promise.resolve();
  private active = 0;

  constructor(
    private readonly store: Pick<Store, 'lifecycle'>,
    private readonly now: () => number = Date.now,
    private readonly limits: BackupLimits = { maxDownloads: DEFAULT_LIMITS.maxBackupDownloads, timeoutMs: DEFAULT_LIMITS.backupTimeoutMs },
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

  /**
   * A download, made and sent within the backup deadline; `clientGone` aborts when its client
   * goes away. Beyond `maxDownloads` at once: StoreUnavailableError (503 with Retry-After).
   */
  async download(clientGone?: AbortSignal): Promise<BackupDownload> {
    this.assertPossible();
    const { maxDownloads, timeoutMs } = this.limits;
    if (this.active >= maxDownloads) {
      throw new StoreUnavailableError(`${this.active} backup downloads are being made or sent, the limit (--max-backup-downloads ${maxDownloads})`, RETRY_AFTER_SECONDS);
    }
    this.active += 1;
    const slot = new DownloadSlot(() => (this.active -= 1), timeoutMs, clientGone);
    const next = this.queue.then(() => slot.check().then(() => this.copy()));
    this.queue = next.catch(() => undefined);
    try {
      const { handle, size } = await next;
      return { stream: await slot.attach(handle), fileName: this.fileName(), bytes: size };
    } catch (error) {
      slot.release();
      throw error;
    }
  }

  private async copy(): Promise<{ handle: FileHandle; size: number }> {
    const location = this.store.lifecycle.location();
    const directory = await makeTempDir('download-backup');
    try {
      const file = join(directory, 'backup.db');
      await writeCopy(location, file);
      const handle = await open(file, 'r');
      try {
        return { handle, size: (await handle.stat()).size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
}

/** Seconds a client refused for the download cap is asked to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One download's place among the few allowed at once, from its request to the end of its stream:
 * released once, when the stream closes (sent, failed, cut off) or the download fails. The send's
 * deadline (from its first byte: a copy takes as long as the store's size says) or the client's
 * going away closes the stream, so the copy's descriptor (the only thing left of it on disk) is
 * closed at once, never held by a stalled reader.
 */
class DownloadSlot {
  private ended: Error | undefined;
  private stream: Readable | undefined;
  private released = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly onRelease: () => void,
    private readonly timeoutMs: number,
    clientGone: AbortSignal | undefined,
  ) {
    clientGone?.addEventListener('abort', () => this.end(new Error('the client went away')), { once: true });
  }

  /** Rejects once the download has ended: its copy need not be made. */
  async check(): Promise<void> {
    if (this.ended) throw this.ended;
  }

  /** The copy's stream, or, when the download ended while it was made, the copy closed and the reason thrown. */
  async attach(handle: FileHandle): Promise<Readable> {
    if (this.ended) {
      await handle.close();
      throw this.ended;
    }
    const stream = handle.createReadStream();
    this.stream = stream;
    stream.once('close', () => this.release());
    // The send's deadline: a reader too slow or stalled cannot hold the copy open for longer.
    this.timer = setTimeout(() => this.end(new Error(`the backup was not sent within --backup-timeout (${this.timeoutMs} ms)`)), this.timeoutMs);
    this.timer.unref();
    return stream;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    clearTimeout(this.timer);
    this.onRelease();
  }

  private end(reason: Error): void {
    if (this.ended || this.released) return;
    this.ended = reason;
    // Mid-send: the reply has sent its headers, so the client sees a body shorter than Content-Length.
    this.stream?.destroy();
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
  // Off the event loop: the copy's SQLite side is synchronous (store/copy/postgres-backup.ts).
  await copyPostgresInThread({ url: location.url, statementTimeoutMs: location.statementTimeoutMs, file });
  await backupInThread({ op: 'seal', file });
}
