import type { ImportJobRecord } from '../../domain/import-jobs.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toImportJob, type ImportJobRow, type ImportJobsQueries } from './import-jobs-queries.js';
import type { ImportJobPrograms } from './import-jobs-writes.js';

/** Imports answered 202 and their outcomes (migration 0016). */
export interface ImportJobsRepository {
  /** Records a running job; jobs that ended before `endedBefore` are forgotten in the same write. */
  start(job: Pick<ImportJobRecord, 'id' | 'fileName' | 'bank' | 'owner' | 'createdAt'>, endedBefore: number): Promise<void>;
  /** Records the outcome once; false when the job had one already. */
  finish(id: string, finishedAt: number, status: number, answer: string): Promise<boolean>;
  /** Null for a job this store does not have. */
  find(id: string): Promise<ImportJobRecord | null>;
}

export function importJobsRepository(db: EngineAccess<{ importJobs: ImportJobsQueries }, ImportJobPrograms>): ImportJobsRepository {
  const { importJobs } = db.queries;
  return {
    start: (job, endedBefore) => db.write('startImportJob', job, endedBefore),
    finish: (id, finishedAt, status, answer) => db.write('finishImportJob', id, finishedAt, status, answer),
    async find(id) {
      const row = await db.first<ImportJobRow>(importJobs.find(id));
      return row ? toImportJob(row) : null;
    },
  };
}
