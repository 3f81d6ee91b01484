import type { CompiledQuery, Kysely } from 'kysely';
import type { EndedImportJob, ImportJobRecord } from '../../domain/import-jobs.js';
import type { Database } from '../engine/schema.js';

/** The table of migration 0016, as the query builder sees it. */
// A type alias, not an interface: withTables() needs an index-compatible record type.
export type ImportJobTables = {
  import_jobs: {
    id: string;
    file_name: string;
    bank_id: string;
    owner: string;
    created_at: number;
    finished_at: number | null;
    status: number | null;
    answer: string | null;
  };
};

export interface ImportJobRow {
  id: string;
  file_name: string;
  bank_id: string;
  owner: string;
  created_at: number | string;
  finished_at: number | string | null;
  status: number | null;
  answer: string | null;
}

/** The statements behind import jobs, shared by both engines. */
export class ImportJobsQueries {
  private readonly db: Kysely<Database & ImportJobTables>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<ImportJobTables>();
  }

  /** An ended job; a second record of the same job changes nothing. */
  insert(job: EndedImportJob): CompiledQuery {
    return this.db
      .insertInto('import_jobs')
      .values({
        id: job.id,
        file_name: job.fileName,
        bank_id: job.bank,
        owner: job.owner,
        created_at: job.createdAt,
        finished_at: job.finishedAt,
        status: job.status,
        answer: job.answer,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .compile();
  }

  find(id: string): CompiledQuery<ImportJobRow> {
    return this.db.selectFrom('import_jobs').select(['id', 'file_name', 'bank_id', 'owner', 'created_at', 'finished_at', 'status', 'answer']).where('id', '=', id).compile();
  }

  deleteEndedBefore(endedBefore: number): CompiledQuery {
    return this.db.deleteFrom('import_jobs').where('finished_at', '<', endedBefore).compile();
  }
}

export function toImportJob(row: ImportJobRow): ImportJobRecord {
  return {
    id: row.id,
    fileName: row.file_name,
    bank: row.bank_id,
    owner: row.owner,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    status: row.status === null ? null : Number(row.status),
    answer: row.answer,
  };
}
