import type { CompiledQuery, Kysely } from 'kysely';
import type { ImportCounts, ImportRecord } from './import-session.js';
import type { Database } from './schema.js';

/** The history of imported files (migration 0009). */
export class ImportsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  insertImport(bank: string, record: ImportRecord): CompiledQuery<{ id: number }> {
    return this.db
      .insertInto('imports')
      .values({ file_name: record.fileName, format: record.format, bank_id: bank, profile: record.profile, imported_at: record.importedAt })
      .returning('id')
      .compile();
  }

  recordCounts(id: number, counts: ImportCounts): CompiledQuery {
    return this.db.updateTable('imports').set(counts).where('id', '=', id).compile();
  }
}
