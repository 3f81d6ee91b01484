import type pg from 'pg';
import type { CompiledQuery } from 'kysely';
import type { ImportedTransaction, ImportSession } from '../import-session.js';
import { postgresImportSql as SQL } from '../import-sql.js';
import { toKeyMap } from '../sqlite/sqlite-import-session.js';

/**
 * An import on PostgreSQL: one connection, one transaction. An advisory lock per bank makes
 * concurrent imports into the same bank take turns, so two of them cannot both find a key
 * missing and both insert it. A killed process drops the connection; the server rolls back.
 */
export async function beginPostgresImport(pool: pg.Pool, bank: string, translateError: (error: unknown) => unknown): Promise<ImportSession> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`moneta-import:${bank}`]);
    await client.query(SQL.createOccurrenceTable().sql);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release(true);
    throw error;
  }
  return new PostgresImportSession(client, bank, translateError);
}

class PostgresImportSession implements ImportSession {
  private open = true;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly bank: string,
    private readonly translateError: (error: unknown) => unknown,
  ) {}

  async countOccurrences(fingerprints: readonly string[]): Promise<Map<string, number>> {
    return this.guard(async () => {
      const distinct = [...new Set(fingerprints)];
      const before = new Map<string, number>(distinct.map((fingerprint) => [fingerprint, 0]));
      for (const row of await this.all(SQL.occurrencesOf(distinct))) before.set(row.fingerprint, Number(row.n));
      const after = new Map(before);
      for (const fingerprint of fingerprints) after.set(fingerprint, (after.get(fingerprint) ?? 0) + 1);
      await this.all(SQL.saveOccurrences(after));
      return before;
    });
  }

  async findByKeys(keys: readonly string[]): Promise<Map<string, number>> {
    return this.guard(async () => toKeyMap(await this.all(SQL.findByKeys(this.bank, keys))));
  }

  async insert(rows: readonly ImportedTransaction[]): Promise<Map<string, number>> {
    return this.guard(async () => {
      const categories = [...new Set(rows.flatMap((row) => (row.category === null ? [] : [row.category])))];
      if (categories.length > 0) await this.all(SQL.insertCategoriesIfMissing(categories));
      return toKeyMap(await this.all(SQL.insertTransactions(this.bank, rows)));
    });
  }

  async commit(): Promise<void> {
    await this.guard(() => this.client.query('COMMIT'));
    this.open = false;
    this.client.release();
  }

  async rollback(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    let broken = false;
    try {
      await this.client.query('ROLLBACK');
    } catch {
      broken = true;
    }
    this.client.release(broken);
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    if (!this.open) throw new Error('this import session is finished');
    try {
      return await work();
    } catch (error) {
      throw this.translateError(error);
    }
  }

  private async all<T extends pg.QueryResultRow>(query: CompiledQuery<T>): Promise<T[]> {
    return (await this.client.query<T>({ text: query.sql, values: query.parameters as unknown[] })).rows;
  }
}
