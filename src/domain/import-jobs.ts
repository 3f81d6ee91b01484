/**
 * An import answered 202 (createImport past its answer time, or `Prefer: respond-async`): the
 * import goes on in the server, and its job records the answer the request would have had.
 */
export interface ImportJobRecord {
  id: string;
  /** Null when asked of a process other than the one running it, before it has ended. */
  fileName: string | null;
  bank: string | null;
  /** The process running the import: `host/pid.mark` (services/process-identity.ts). */
  owner: string;
  /** Milliseconds since the epoch; null as fileName is. */
  createdAt: number | null;
  /** Null while the import runs (the store keeps ended jobs only). */
  finishedAt: number | null;
  /** The HTTP status createImport would have answered with; null while running. */
  status: number | null;
  /** Its JSON body, as text; null while running. */
  answer: string | null;
}

/** A job once its import has ended: what the store keeps. */
/** A job as the process running it knows it. */
export type StartedImportJob = ImportJobRecord & { fileName: string; bank: string; createdAt: number };

export type EndedImportJob = StartedImportJob & { finishedAt: number; status: number; answer: string };

/** How long a job is kept after it ends. */
export const IMPORT_JOB_RETENTION_MS = 24 * 60 * 60 * 1000;
