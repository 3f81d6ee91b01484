/**
 * An import answered 202 (createImport past its answer time, or `Prefer: respond-async`): the
 * import goes on in the server, and its job records the answer the request would have had.
 */
export interface ImportJobRecord {
  id: string;
  fileName: string;
  bank: string;
  /** The process running the import: `host/pid.mark` (services/process-identity.ts). */
  owner: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Null while the import runs. */
  finishedAt: number | null;
  /** The HTTP status createImport would have answered with; null while running. */
  status: number | null;
  /** Its JSON body, as text; null while running. */
  answer: string | null;
}

/** How long a job is kept after it ends. */
export const IMPORT_JOB_RETENTION_MS = 24 * 60 * 60 * 1000;
