import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';

/**
 * The rows of one import, in the list and in the trash, found without a scan: undoImport moves
 * them (`WHERE import_id = ?`), getImport counts and pages them. Partial: rows that did not come
 * from an import (created through the API) are not in the index. The same on both engines.
 */
export async function up(db: Kysely<unknown>, _engine: EngineName): Promise<void> {
  await sql`CREATE INDEX transactions_import_id ON transactions (import_id, id) WHERE import_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX deleted_transactions_import_id ON deleted_transactions (import_id) WHERE import_id IS NOT NULL`.execute(db);
}
