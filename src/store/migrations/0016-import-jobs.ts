import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * import_jobs: the outcome of a createImport answered 202 (issue 28, item 17), kept in the store
 * so that any server process of it answers getImportJob. A row is written once the import has
 * ended (`status` and `answer`: the HTTP status and JSON body createImport would have answered
 * with); `owner` names the process that ran it (host/pid.mark). finished_at stays nullable for a
 * later use. Times are milliseconds since the epoch.
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine === 'sqlite') {
    await sql`CREATE TABLE import_jobs (
      id TEXT PRIMARY KEY NOT NULL,
      file_name TEXT NOT NULL,
      bank_id TEXT NOT NULL,
      owner TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      status INTEGER,
      answer TEXT
    )`.execute(db);
  } else {
    await sql`CREATE TABLE import_jobs (
      id text COLLATE "C" PRIMARY KEY,
      file_name text NOT NULL,
      bank_id text NOT NULL,
      owner text NOT NULL,
      created_at bigint NOT NULL,
      finished_at bigint,
      status integer,
      answer text
    )`.execute(db);
  }
  await sql`CREATE INDEX import_jobs_finished_at ON import_jobs (finished_at)`.execute(db);
}
