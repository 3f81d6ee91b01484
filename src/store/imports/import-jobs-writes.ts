import type { EndedImportJob } from '../../domain/import-jobs.js';
import type { WriteProgram } from '../engine/write-steps.js';
import type { ImportJobsQueries } from './import-jobs-queries.js';

/** The write programs of import jobs (see ../writes.ts). */
export function importJobPrograms(q: { importJobs: ImportJobsQueries }) {
  const { importJobs } = q;
  return {
    /** Records an ended job, forgetting the jobs that ended before `endedBefore`. */
    *recordImportJob(job: EndedImportJob, endedBefore: number): WriteProgram<void> {
      yield importJobs.deleteEndedBefore(endedBefore);
      yield importJobs.insert(job);
    },
  };
}

export type ImportJobPrograms = ReturnType<typeof importJobPrograms>;
