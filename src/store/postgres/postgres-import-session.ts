import type pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import type { CompiledQuery } from 'kysely';
import { StoreImportSession, type ImportBookkeeping, type ImportConnection, type ImportSession } from '../imports/import-session.js';
import { postgresImportSql } from './import-sql.js';

/**
 * An import on PostgreSQL: one connection, one transaction. An advisory lock per bank makes
 * concurrent imports into the same bank take turns, so two of them cannot both find a key
 * missing and both insert it. A killed process drops the connection; the server rolls back.
 */
export async function beginPostgresImport(
  pool: pg.Pool,
  bank: string,
  translateError: (error: unknown) => unknown,
  bookkeeping: ImportBookkeeping,
): Promise<ImportSession> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The server's statement timeout bounds HTTP requests; a batch of a large file on a busy
    // server may take longer, and nothing waits on an import but its own user.
    await client.query(withTimeout({ text: `SET LOCAL statement_timeout = ${BATCH_TIMEOUT_MS}` }));
    await takeBankLock(client, bank);
    await client.query(postgresImportSql.createOccurrenceTable().sql);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release(true);
    throw error;
  }
  const connection: ImportConnection = {
    run: async <T>(query: CompiledQuery<T>) =>
      (await client.query<T & pg.QueryResultRow>(withTimeout({ text: query.sql, values: query.parameters as unknown[] }))).rows,
    async commit() {
      await client.query('COMMIT');
      client.release();
    },
    async rollback() {
      let broken = false;
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      client.release(broken);
    },
  };
  return new StoreImportSession(connection, postgresImportSql, bank, translateError, bookkeeping);
}

const BATCH_TIMEOUT_MS = 120_000;

/** pg honours a per-query query_timeout (the pool's is a second over its statement timeout); its types do not list it. */
function withTimeout(config: pg.QueryConfig): pg.QueryConfig {
  const extended: pg.QueryConfig & { query_timeout: number } = { ...config, query_timeout: BATCH_TIMEOUT_MS + 1000 };
  return extended;
}
const LOCK_WAIT_MS = 30_000;

/**
 * Waits (a while) for another import into the same bank to finish. A killed importer's lock
 * goes when the server notices the dropped connection, usually at once.
 */
async function takeBankLock(client: pg.PoolClient, bank: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [`moneta-import:${bank}`]);
    if (rows[0]?.locked) return;
    if (Date.now() > deadline) throw new DomainError('conflict', `another import into bank "${bank}" is still running; try again when it has finished`);
    await sleep(200);
  }
}
