import type { EndedImportJob, ImportJobRecord } from '../../domain/import-jobs.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toImportJob, type ImportJobRow, type ImportJobsQueries } from './import-jobs-queries.js';
import type { ImportJobPrograms } from './import-jobs-writes.js';

/**
 * The outcomes of imports answered 202 (migration 0016). Only ended jobs are written: a job's
 * start would be a write while imports hold SQLite's write lock (see services/import-jobs.service.ts).
 */
export interface ImportJobsRepository {
  /** Records an ended job; jobs that ended before `endedBefore` are forgotten in the same write. */
  record(job: EndedImportJob, endedBefore: number): Promise<void>;
  /** Null for a job this store has no outcome of. */
  find(id: string): Promise<ImportJobRecord | null>;
}

export function importJobsRepository(db: EngineAccess<{ importJobs: ImportJobsQueries }, ImportJobPrograms>): ImportJobsRepository {
  const { importJobs } = db.queries;
  return {
    record: (job, endedBefore) => db.write('recordImportJob', job, endedBefore),
    async find(id) {
      const row = await db.first<ImportJobRow>(importJobs.find(id));
      return row ? toImportJob(row) : null;
    },
  };
}
