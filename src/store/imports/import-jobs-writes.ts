import type { ImportJobRecord } from '../../domain/import-jobs.js';
import { changes, type WriteProgram } from '../engine/write-steps.js';
import type { ImportJobsQueries } from './import-jobs-queries.js';

/** The write programs of import jobs (see ../writes.ts). */
export function importJobPrograms(q: { importJobs: ImportJobsQueries }) {
  const { importJobs } = q;
  return {
    /** Records a running job, forgetting the jobs that ended before `endedBefore`. */
    *startImportJob(job: Pick<ImportJobRecord, 'id' | 'fileName' | 'bank' | 'owner' | 'createdAt'>, endedBefore: number): WriteProgram<void> {
      yield importJobs.deleteEndedBefore(endedBefore);
      yield importJobs.insert(job);
    },

    /** Records a job's outcome, once: false when it had one already (or is gone). */
    *finishImportJob(id: string, finishedAt: number, status: number, answer: string): WriteProgram<boolean> {
      return (yield* changes(importJobs.finish(id, finishedAt, status, answer))) > 0;
    },
  };
}

export type ImportJobPrograms = ReturnType<typeof importJobPrograms>;
