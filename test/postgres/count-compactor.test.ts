/**
 * The count compactor (src/store/postgres/count-compactor.ts) folds the appended deltas of the
 * counts and report totals. Looking must cost little: an idle store is not read at all, and
 * writes that cannot have made a fold due are counted, never measured by distinct keys (~0.3 s
 * for report_days at 1,000,000 transactions, which it used to run every 2 s in every process).
 * A fold, when due, leaves one row per key and the same sums, and no dead rows behind it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { CountCompactor, deltaTables, lastFeedEntry } from '../../src/store/postgres/count-compactor.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Database } from '../../src/store/engine/schema.js';
import { createTestDatabase, postgresSkipReason, testPool, type TestDatabase } from '../support/postgres.js';

const skip = await postgresSkipReason();

describe('the PostgreSQL count compactor', { skip: skip ?? false }, () => {
  let database: TestDatabase;
  let store: PostgresStore;
  let pool: pg.Pool;
  let kysely: Kysely<Database>;
  let compactor: CountCompactor;
  /** The statements the compactor sent since the last take(). */
  let sent: string[] = [];
  const take = () => {
    const taken = sent;
    sent = [];
    return taken;
  };

  before(async () => {
    database = await createTestDatabase();
    // The store's own compactor is off: this test runs one it can watch.
    store = new PostgresStore({ url: database.url, compactionIntervalMs: 0 });
    await store.lifecycle.migrate();
    pool = testPool(database.url, 2);
    const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
    // Every statement the compactor sends goes through here.
    const watched = Object.create(pool) as pg.Pool;
    watched.query = ((config: pg.QueryConfig) => {
      sent.push(config.text);
      return query(config);
    }) as typeof pool.query;
    // pgstattuple (a contrib module) counts a table's dead rows exactly.
    await pool.query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    compactor = new CountCompactor(watched, deltaTables(kysely), lastFeedEntry(kysely), { intervalMs: 0 });
  });

  after(async () => {
    await compactor.stop();
    await store.lifecycle.close();
    await pool.end();
    await database.drop();
  });

  const measured = (statements: string[]) => statements.filter((text) => /count\(DISTINCT/i.test(text)).length;
  const counted = (statements: string[]) => statements.filter((text) => /^SELECT count\(\*\) AS deltas FROM/i.test(text)).length;
  const folded = (statements: string[]) => statements.filter((text) => /DELETE FROM/i.test(text)).length;
  const vacuumed = (statements: string[]) => statements.filter((text) => /^VACUUM/i.test(text)).length;
  const rows = async (table: string) => Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);

  it('measures every table on its first look, and reads nothing more while nothing is written', async () => {
    await compactor.run();
    assert.equal(measured(take()), 4, 'counts, report months, report days, account days');
    await compactor.run();
    await compactor.run();
    const idle = take();
    assert.equal(idle.length, 2, `only the feed's last entry, once a look: ${idle.join(' | ')}`);
    assert.equal(measured(idle) + counted(idle), 0);
  });

  it('counts the rows of each table after a few writes, without measuring their keys', async () => {
    for (const day of ['2024-01-01', '2024-02-01', '2024-03-01']) {
      await store.transactions.create({ date: day, description: 'a few', value: -1, category: 'Groceries', bank: null });
    }
    await compactor.run();
    const look = take();
    assert.equal(counted(look), 4, look.join(' | '));
    assert.equal(measured(look), 0, look.join(' | '));
    assert.equal(folded(look), 0);
  });

  it('folds a table whose deltas outnumber its keys, to one row per key, with the same sums', async () => {
    // One statement each (awaited in turn): each appends its own delta rows.
    for (let i = 0; i < 110; i += 1) {
      await store.transactions.create({ date: '2024-01-15', description: `many ${i}`, value: -2, category: 'Groceries', bank: null });
    }
    const before = await pool.query('SELECT category, bank_id, sum(n)::int AS n FROM transaction_counts GROUP BY 1, 2 ORDER BY 1, 2');
    assert.ok((await rows('transaction_counts')) > 110);
    await compactor.run();
    const look = take();
    // Account days hold nothing here (the rows are in no account): the other three fold.
    assert.equal(folded(look), 3, `every table with deltas folded: ${look.join(' | ')}`);
    assert.equal(vacuumed(look), 3, `and vacuumed: ${look.join(' | ')}`);
    assert.equal(await rows('transaction_counts'), before.rows.length, 'one row per key');
    assert.deepEqual((await pool.query('SELECT category, bank_id, n::int AS n FROM transaction_counts ORDER BY 1, 2')).rows, before.rows);
    // The fold vacuumed what it deleted: no sum reads past dead rows until autovacuum comes.
    for (const table of ['transaction_counts', 'report_months', 'report_days']) {
      const { rows: [stat] } = await pool.query<{ dead: string }>(`SELECT dead_tuple_count AS dead FROM pgstattuple('${table}')`);
      assert.equal(Number(stat?.dead), 0, `${table}: dead rows after the fold`);
    }
    const plain = await pool.query<{ n: string }>('SELECT count(*) AS n FROM transactions');
    assert.equal((await store.transactions.list({ limit: 0, offset: 0, sort: [] })).total, Number(plain.rows[0]?.n));
    await compactor.run();
    assert.equal(take().length, 1, 'nothing written since the fold: the feed alone');
  });
});
