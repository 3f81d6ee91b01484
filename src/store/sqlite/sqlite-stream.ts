import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { TransactionQuery } from '../../domain/transaction.js';
import { toCount, type CountRow, type Queries } from '../transactions/transactions-queries.js';
import type { TransactionStream } from '../store.js';
import { openReadConnection } from './connection.js';
import { listStoredJsonPage, transactionsJsonArray } from './json-page.js';

export const STREAM_BATCH_ROWS = 1000;

/**
 * A big page read on a connection of its own: the shared connection cannot stay inside one read
 * transaction across event-loop turns (every other request would run inside it), and a page
 * must come from one snapshot. WAL lets this reader go on while others write; it holds back
 * checkpoints only until it ends. The connection closes when the batches end or are abandoned.
 */
export function openSqliteStream(path: string, busyTimeoutMs: number, queries: Queries, query: TransactionQuery): TransactionStream {
  const db = openReadConnection(path, busyTimeoutMs);
  try {
    db.exec('BEGIN');
    const count: CompiledQuery = queries.countMatching(query);
    const total = toCount(db.prepare(count.sql).get(...(count.parameters as unknown[])) as CountRow | undefined);
    // Each row's stored JSON (as for pages, json-page.ts): strings, cheap to hand across threads.
    const page = listStoredJsonPage(queries, query);
    const rows = db.prepare(page.sql).pluck().iterate(...(page.parameters as unknown[])) as IterableIterator<string>;
    return { total, batches: batchesOf(db, rows) };
  } catch (error) {
    db.close();
    throw error;
  }
}

async function* batchesOf(db: Database.Database, rows: IterableIterator<string>): AsyncGenerator<string, void, undefined> {
  try {
    for (;;) {
      const batch: string[] = [];
      while (batch.length < STREAM_BATCH_ROWS) {
        const next = rows.next();
        if (next.done) break;
        batch.push(next.value);
      }
      if (batch.length > 0) yield transactionsJsonArray(batch);
      if (batch.length < STREAM_BATCH_ROWS) return;
      // Each batch is a few milliseconds of synchronous work; other requests get a turn between.
      await nextTurn();
    }
  } finally {
    rows.return?.();
    db.close();
  }
}
