/**
 * A write of many rows on PostgreSQL is not cut off at the read limit (--statement-timeout): it
 * may run BULK_TIME_FACTOR times as long, as SQLite's writer runs each write to its end. A
 * one-row write keeps the read limit. Time is observed on the server (pg_stat_activity), never
 * slept: the write is held behind a row lock until the server says it has waited past the limit.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { BULK_TIME_FACTOR, PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { StoreUnavailableError } from '../../src/domain/errors.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const skip = await postgresSkipReason();
const READ_LIMIT_MS = 300;

/** Resolves once a backend of this database has waited on a lock for longer than `ms` (by the server's clock). */
async function waitedLongerThan(admin: pg.Client, ms: number, settled: () => boolean): Promise<boolean> {
  for (;;) {
    if (settled()) return false;
    const { rows } = await admin.query<{ waited: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
         AND now() - query_start > make_interval(secs => $1::float8 / 1000)) AS waited`,
      [ms],
    );
    if (rows[0]?.waited) return true;
  }
}

describe('PostgreSQL writes of many rows and the read limit', { skip }, () => {
  let database: TestDatabase;
  let store: PostgresStore;
  let admin: pg.Client;
  before(async () => {
    database = await createTestDatabase();
    store = new PostgresStore({ url: database.url, statementTimeoutMs: READ_LIMIT_MS });
    await store.lifecycle.migrate();
    for (let n = 0; n < 3; n += 1) await store.transactions.create({ date: '2024-03-01', description: `row ${n}`, value: n, category: null, bank: null });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  after(async () => {
    await admin?.end();
    await store?.lifecycle.close();
    await database?.drop();
  });

  /** Runs `write` while another connection holds every transaction row, releasing them once the write has waited past `ms`. */
  async function behindALock<T>(write: () => Promise<T>, ms: number): Promise<{ outcome: PromiseSettledResult<T>; waitedPastLimit: boolean }> {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM transactions FOR UPDATE');
      let settled = false;
      // Settled into an outcome at once: a rejection is an answer here, never unhandled.
      const running = Promise.allSettled([write()]).then(([outcome]) => {
        settled = true;
        return outcome!;
      });
      const waitedPastLimit = await waitedLongerThan(admin, ms, () => settled);
      await holder.query('ROLLBACK');
      return { outcome: await running, waitedPastLimit };
    } finally {
      await holder.end();
    }
  }

  it(`re-categorising by filter runs past the read limit (up to ${BULK_TIME_FACTOR} times it) and commits`, async () => {
    const { outcome, waitedPastLimit } = await behindALock(
      () => store.transactions.recategorise({ filter: { from: '2024-01-01', to: '2024-12-31' } }, 'Bulk', 'manual'),
      2 * READ_LIMIT_MS,
    );
    assert.equal(outcome.status, 'fulfilled', outcome.status === 'rejected' ? String(outcome.reason) : '');
    assert.ok(waitedPastLimit, 'the write waited past twice the read limit before the lock was released');
    const { rows } = await admin.query<{ n: string }>("SELECT count(*) AS n FROM transactions WHERE category = 'Bulk'");
    assert.equal(Number(rows[0]?.n), 3);
  });

  it('a one-row write keeps the read limit: past it, 503 (StoreUnavailableError)', async () => {
    const { outcome } = await behindALock(() => store.transactions.setCategory(1, 'One'), 20 * READ_LIMIT_MS);
    assert.equal(outcome.status, 'rejected');
    assert.ok(outcome.status === 'rejected' && outcome.reason instanceof StoreUnavailableError, String(outcome.status === 'rejected' && outcome.reason));
  });
});
