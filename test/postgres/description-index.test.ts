import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionQuery } from '../../src/domain/transaction.js';
import { postgresQuirks } from '../../src/store/postgres/postgres-quirks.js';
import { openMigratedStore } from '../../src/store/open-store.js';
import { Queries } from '../../src/store/transactions/transactions-queries.js';
import type { Database } from '../../src/store/engine/schema.js';
import { createTestDatabase, postgresSkipReason, testPool, type TestDatabase } from '../support/postgres.js';

const skip = await postgresSkipReason();
const ROWS = 200_000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const search = (text: string): TransactionQuery => ({ sort: [], limit: 50, offset: 0, descriptionContains: foldForSearch(text) });

describe('description search on PostgreSQL uses the pg_trgm GIN index', { skip }, () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let queries: Queries;

  before(async () => {
    database = await createTestDatabase();
    await (await openMigratedStore({ db: database.url })).lifecycle.close();
    pool = testPool(database.url, 2);
    queries = new Queries(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresQuirks);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Per-row count triggers make one huge insert crawl (see src/store/copy); they are irrelevant here.
      await client.query('ALTER TABLE transactions DISABLE TRIGGER USER');
      // Descriptions with varied trigrams, like real statement lines, and a few wildcard characters.
      await client.query(`INSERT INTO transactions (date, description, description_folded, value)
        SELECT '2024-01-01', d, lower(d), g / 7.0
        FROM generate_series(1, ${ROWS}) AS g, LATERAL (SELECT 'card ' || md5(g::text) || CASE WHEN g % 1000 = 0 THEN ' 100%_off' ELSE '' END AS d) AS x`);
      await client.query('ALTER TABLE transactions ENABLE TRIGGER USER');
      await client.query('COMMIT');
      await client.query('ANALYZE transactions');
    } finally {
      client.release();
    }
  });
  after(async () => {
    await pool?.end();
    await database?.drop();
  });

  async function plan(query: CompiledQuery, options: { seqscan: boolean }): Promise<PlanNode[]> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (!options.seqscan) await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
        text: `EXPLAIN (FORMAT JSON) ${query.sql}`,
        values: query.parameters as unknown[],
      });
      await client.query('ROLLBACK');
      return nodes(rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      client.release();
    }
  }

  const usesTrigramIndex = (planNodes: PlanNode[]) =>
    planNodes.some((node) => node['Node Type'] === 'Bitmap Index Scan' && node['Index Name'] === 'transactions_description_trgm');

  it(`the planner picks the index by itself for a selective term on ${ROWS} rows`, async () => {
    const term = (await pool.query<{ t: string }>(`SELECT substr(md5('4242'), 3, 8) AS t`)).rows[0]!.t;
    const counted = await plan(queries.countMatching(search(term)), { seqscan: true });
    assert.ok(usesTrigramIndex(counted), `count plan: ${JSON.stringify(counted.map((node) => node['Node Type']))}`);
    const { rows } = await pool.query(queries.countMatching(search(term)).sql, [...queries.countMatching(search(term)).parameters]);
    assert.ok(Number(rows[0].n) >= 1, 'and the query finds the row');
  });

  it('the index can serve a term whose %, _ and case are escaped and folded', async () => {
    const query = queries.countMatching(search('100%_OFF'));
    assert.match(String(query.parameters[0]), /\\%\\_off/, 'wildcards are escaped, the term is folded');
    assert.ok(usesTrigramIndex(await plan(query, { seqscan: false })));
    const { rows } = await pool.query(query.sql, [...query.parameters]);
    assert.equal(Number(rows[0].n), ROWS / 1000, 'matches only the literal text');
  });

  it('the page query for a selective term uses the index too', async () => {
    const term = (await pool.query<{ t: string }>(`SELECT substr(md5('77'), 10, 8) AS t`)).rows[0]!.t;
    const planned = await plan(queries.listPage(search(term)), { seqscan: true });
    assert.ok(usesTrigramIndex(planned), `page plan: ${JSON.stringify(planned.map((node) => node['Node Type']))}`);
  });

  it('a two-character term is found through the grams index (migration 0011), which pg_trgm cannot serve', async () => {
    // '%_' is in one row in 1,000 (md5 text has neither character): selective, so the planner picks it.
    const query = queries.countMatching(search('%_'));
    const planned = await plan(query, { seqscan: true });
    assert.ok(
      planned.some((node) => node['Node Type'] === 'Bitmap Index Scan' && node['Index Name'] === 'transactions_description_grams'),
      `count plan: ${JSON.stringify(planned.map((node) => node['Node Type']))}`,
    );
    const { rows } = await pool.query(query.sql, [...query.parameters]);
    assert.equal(Number(rows[0].n), ROWS / 1000, 'matches only the literal text');
  });
});
