import { sql, type Kysely } from 'kysely';
import type { EngineName } from '../engine/engine-name.js';
import { ID_LIMIT_MESSAGE } from '../engine/sql-terms.js';

/**
 * Transaction ids stop at 2^53 − 1 (9007199254740991), the largest integer every JSON client
 * holds exactly: past it, ids came back rounded in the 201 body, in Location and in GET, and a
 * PUT to the returned Location changed another row. A write that would take a larger id fails
 * with ID_LIMIT_MESSAGE in its error (the stores turn it into a clear refusal, HTTP 507),
 * whoever writes: the API, an import, `moneta copy`.
 *
 * SQLite: a trigger after each insert (AUTOINCREMENT has no upper bound of its own).
 * PostgreSQL: the identity's sequence gets that MAXVALUE (nextval then fails), and a CHECK
 * catches ids written explicitly (NOT VALID: existing rows are not scanned).
 */
export async function up(db: Kysely<unknown>, engine: EngineName): Promise<void> {
  if (engine === 'sqlite') {
    await sql`CREATE TRIGGER transactions_id_limit AFTER INSERT ON transactions WHEN NEW.id > 9007199254740991 BEGIN
      SELECT RAISE(ABORT, ${sql.raw(`'${ID_LIMIT_MESSAGE}'`)});
    END`.execute(db);
    return;
  }
  await sql`ALTER TABLE transactions ALTER COLUMN id SET MAXVALUE 9007199254740991`.execute(db);
  await sql`ALTER TABLE transactions ADD CONSTRAINT transactions_id_limit CHECK (id <= 9007199254740991) NOT VALID`.execute(db);
}
