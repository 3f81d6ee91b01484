import { randomUUID } from 'node:crypto';
import { DomainError, StoreUnavailableError } from '../domain/errors.js';
import { IMPORT_JOB_RETENTION_MS, type EndedImportJob, type ImportJobRecord, type StartedImportJob } from '../domain/import-jobs.js';
import type { Store } from '../store/store.js';
import { ownerIsGone, processOwner } from './process-identity.js';

/** Imports running at once in one process, answered or not. */
export const MAX_RUNNING_IMPORTS = 8;

/** A job as a client sees it: running, ended with the status and body createImport would have answered, or lost with its process. */
export type ImportJob =
  | (ImportJobRecord & { state: 'running' })
  | (ImportJobRecord & { state: 'lost' })
  | (ImportJobRecord & { state: 'ended'; status: number; body: unknown });

/** Waits between attempts to record an outcome: the store may be busy with another import. */
const RECORD_RETRY_MS = [50, 200, 1000, 5000];
/** Attempts past the last wait, at its pace (about an hour in all). */
const RECORD_ATTEMPTS = 720;

/**
 * Imports that may answer 202 (createImport past its answer time, or on request). A job's id
 * names the process running it (`<owner in base64url>.<random>`); while it runs, only that
 * process knows it. Its outcome is written to the store once the import has ended, so any server
 * process of the store answers for it then; a process asked about a job of another that is
 * still alive answers `running`, and of one that is gone, `lost`. Nothing is written when an
 * import starts: on SQLite imports hold the write lock until they end, and a second import (or a
 * first's own job) would wait for it, then fail with busy.
 */
export class ImportJobsService {
  private readonly local = new Map<string, ImportJob>();
  private readonly pending = new Set<Promise<void>>();
  private runningImports = 0;
  private closing = false;

  constructor(
    private readonly store: Pick<Store, 'importJobs'>,
    private readonly now: () => number = Date.now,
    private readonly isGone: (owner: string) => boolean = ownerIsGone,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /**
   * Refuses another import while `MAX_RUNNING_IMPORTS` run in this process (a 503 with Retry-After):
   * an import answered 202 no longer counts against the request limits, and each holds its
   * statement on disk until its turn (imports take turns) and its end.
   */
  assertRoom(): void {
    if (this.runningImports >= MAX_RUNNING_IMPORTS) {
      throw new StoreUnavailableError(`${this.runningImports} imports are running in this server process, the limit; try again once one has ended`, 5);
    }
  }

  /** A job for a statement received, known to this process until its outcome is recorded. */
  start(fileName: string, bank: string): StartedImportJob {
    const owner = processOwner();
    const job: StartedImportJob = {
      id: `${Buffer.from(owner).toString('base64url')}.${randomUUID().replaceAll('-', '')}`,
      fileName,
      bank,
      owner,
      createdAt: this.now(),
      finishedAt: null,
      status: null,
      answer: null,
    };
    this.local.set(job.id, { ...job, state: 'running' });
    return job;
  }

  /** Keeps what the import answered (its HTTP status and JSON body) and records it in the store; awaited on close. */
  follow(job: StartedImportJob, outcome: Promise<{ status: number; body: unknown }>, onError: (error: unknown) => void): void {
    this.runningImports += 1;
    const recorded = outcome
      .finally(() => (this.runningImports -= 1))
      .then(async ({ status, body }) => {
        const ended: EndedImportJob = { ...job, finishedAt: this.now(), status, answer: JSON.stringify(body) };
        this.local.set(job.id, { ...ended, state: 'ended', body });
        await this.record(ended);
        this.local.delete(job.id);
      })
      .catch(onError)
      .finally(() => this.pending.delete(recorded));
    this.pending.add(recorded);
  }

  /** Throws not_found for a job no process of the store can be running and the store has no outcome of. */
  async find(id: string): Promise<ImportJob> {
    const known = this.local.get(id);
    if (known) return known;
    const stored = await this.store.importJobs.find(id);
    if (stored !== null && stored.status !== null && stored.answer !== null) return { ...stored, state: 'ended', status: stored.status, body: JSON.parse(stored.answer) as unknown };
    const owner = ownerOf(id);
    // This process's own jobs are all in `local` until recorded: one it does not know was never made, or is forgotten.
    if (owner === undefined || owner === processOwner()) throw new DomainError('not_found', `no import job ${id}: it was never made, or ended more than a day ago`);
    // Running in another process: what it was given is not known here (null).
    const job: ImportJobRecord = { id, fileName: null, bank: null, owner, createdAt: null, finishedAt: null, status: null, answer: null };
    return this.isGone(owner) ? { ...job, state: 'lost' } : { ...job, state: 'running' };
  }

  /** Resolves once the imports of this process have ended and their outcomes are recorded (or given up). */
  async idle(): Promise<void> {
    // Closing: an outcome the store keeps refusing is given up after a few more attempts.
    this.closing = true;
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Writes the outcome, again while the store is busy (another import holding SQLite's write lock). */
  private async record(job: EndedImportJob): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.store.importJobs.record(job, job.finishedAt - IMPORT_JOB_RETENTION_MS);
        return;
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS || (this.closing && attempt >= RECORD_RETRY_MS.length)) throw error;
        await this.wait(RECORD_RETRY_MS[Math.min(attempt, RECORD_RETRY_MS.length - 1)] ?? 5000);
      }
    }
  }
}

/** The process an id names, or undefined for an id no job has. */
function ownerOf(id: string): string | undefined {
  const [encoded] = id.split('.');
  if (encoded === undefined || encoded === '') return undefined;
  const owner = Buffer.from(encoded, 'base64url').toString('utf8');
  return /^[^/]+\/\d+\.[0-9a-f]+$/.test(owner) ? owner : undefined;
}
