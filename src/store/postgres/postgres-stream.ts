import type pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { transactionObject } from '../../domain/transaction.js';
import { toCount, toTransactionRecord, type CountRow, type TransactionRow } from '../transactions/transactions-queries.js';
import type { TransactionStream } from '../store.js';

export const STREAM_BATCH_ROWS = 1000;

/**
 * A big page through a server-side cursor on a connection of its own, in one REPEATABLE READ
 * snapshot with its total. Only one batch is in memory at a time; the connection goes back to
 * the pool when the batches end or are abandoned.
 */
export async function openPostgresStream(pool: pg.Pool, count: CompiledQuery, page: CompiledQuery): Promise<TransactionStream> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const total = toCount((await client.query<CountRow>({ text: count.sql, values: count.parameters as unknown[] })).rows[0]);
    await client.query({ text: `DECLARE moneta_page NO SCROLL CURSOR FOR ${page.sql}`, values: page.parameters as unknown[] });
    return { total, batches: batchesOf(client) };
  } catch (error) {
    await end(client);
    throw error;
  }
}

async function* batchesOf(client: pg.PoolClient): AsyncGenerator<string, void, undefined> {
  try {
    for (;;) {
      const { rows } = await client.query<TransactionRow>(`FETCH ${STREAM_BATCH_ROWS} FROM moneta_page`);
      // The contract's objects, written as the route's serialiser writes them (as the store's pages are).
      if (rows.length > 0) yield JSON.stringify(rows.map((row) => transactionObject(toTransactionRecord(row))));
      if (rows.length < STREAM_BATCH_ROWS) return;
    }
  } finally {
    await end(client);
  }
}

async function end(client: pg.PoolClient): Promise<void> {
  try {
    await client.query('ROLLBACK');
    client.release();
  } catch (error) {
    // A connection that cannot even roll back is not handed out again.
    client.release(error instanceof Error ? error : true);
  }
}
