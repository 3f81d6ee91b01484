import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain/errors.js';
import { IMPORT_JOB_RETENTION_MS, type ImportJobRecord } from '../domain/import-jobs.js';
import type { Store } from '../store/store.js';
import { ownerIsGone, processOwner } from './process-identity.js';

/** A job as a client sees it: running, or ended with the status and body createImport would have answered. */
export type ImportJob = ImportJobRecord & { state: 'running' } | ImportJobRecord & { state: 'ended'; status: number; body: unknown } | ImportJobRecord & { state: 'lost' };

/**
 * Imports that answer 202 (createImport past its answer time, or on request): each is recorded
 * in the store before its import begins (on SQLite an import holds the write lock until it ends),
 * and its outcome once it ends, so any server process of the store can tell it. The imports still
 * running in this process are awaited when the server closes.
 */
export class ImportJobsService {
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly store: Pick<Store, 'importJobs'>,
    private readonly now: () => number = Date.now,
    private readonly isGone: (owner: string) => boolean = ownerIsGone,
  ) {}

  /** Records a running job for a statement received; jobs that ended a day ago are forgotten. */
  async start(fileName: string, bank: string): Promise<ImportJobRecord> {
    const createdAt = this.now();
    const job = { id: randomUUID(), fileName, bank, owner: processOwner(), createdAt };
    await this.store.importJobs.start(job, createdAt - IMPORT_JOB_RETENTION_MS);
    return { ...job, finishedAt: null, status: null, answer: null };
  }

  /** Records what the import answered (its HTTP status and JSON body); `work` is awaited on close. */
  follow(id: string, outcome: Promise<{ status: number; body: unknown }>, onError: (error: unknown) => void): void {
    const recorded = outcome
      .then(({ status, body }) => this.store.importJobs.finish(id, this.now(), status, JSON.stringify(body)))
      .catch(onError)
      .finally(() => this.running.delete(recorded));
    this.running.add(recorded);
  }

  /** Throws not_found for a job the store does not have (never made, or forgotten). */
  async find(id: string): Promise<ImportJob> {
    const job = await this.store.importJobs.find(id);
    if (job === null) throw new DomainError('not_found', `no import job ${id}: it was never made here, or ended more than a day ago`);
    if (job.finishedAt !== null && job.status !== null && job.answer !== null) return { ...job, state: 'ended', status: job.status, body: JSON.parse(job.answer) as unknown };
    return this.isGone(job.owner) ? { ...job, state: 'lost' } : { ...job, state: 'running' };
  }

  /** Resolves once the imports this process answered 202 for have recorded their outcome. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
