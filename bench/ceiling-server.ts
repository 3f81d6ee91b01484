/**
 * The `ceiling` of the benchmark: a bare Fastify process that does what Moneta's list endpoint
 * must do at the least (serialise a fresh 100-transaction array with the contract's response
 * schema and set X-Total-Count) and nothing else: no validation, no store, no logging.
 *
 * Given a PostgreSQL URL it is `ceiling-postgres` instead: the same, but the page and its total
 * come from the database as Moneta's list reads them (its one statement, listPageWithTotal, named
 * and prepared, on a pool of 10), so the figure is the least a list served from PostgreSQL costs
 * on this machine: the round trip, the server's work and the rows' parsing.
 *
 * Usage: node --import tsx bench/ceiling-server.ts <port> <workers> [postgres-url]
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { BENCH_OPTIONS, generateSampleData } from '../src/domain/sample-data.js';
import { contractOperations } from '../src/http/contract.js';
import { presentTransaction } from '../src/http/presenters.js';
import type { TransactionRecord } from '../src/domain/transaction.js';
import { postgresQuirks } from '../src/store/postgres/postgres-quirks.js';
import { isPageRow, toTransactionRecord, type PageRowWithTotal } from '../src/store/transactions/transactions-queries.js';
import type { Database } from '../src/store/engine/schema.js';
import { StoreQueries } from '../src/store/writes.js';

const port = Number(process.argv[2]);
const workers = Number(process.argv[3] ?? '1');
const postgresUrl = process.argv[4];

/** The page as Moneta's list reads it from PostgreSQL: one statement for the rows and the total. */
function postgresPage(url: string): () => Promise<{ total: number; records: TransactionRecord[] }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const queries = new StoreQueries(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresQuirks);
  const statement = queries.transactions.listPageWithTotal({ limit: 100, offset: 0, sort: [] });
  const config = { name: 'ceiling_page', text: statement.sql, values: statement.parameters as unknown[] };
  return async () => {
    const rows = (await pool.query<PageRowWithTotal>(config)).rows;
    return { total: Number(rows[0]?.total ?? 0), records: rows.filter(isPageRow).map((row) => toTransactionRecord({ ...row, id: Number(row.id) })) };
  };
}

/** The same 100 generated transactions every time (the ceiling without a database). */
function generatedPage(): () => Promise<{ total: number; records: TransactionRecord[] }> {
  const records: TransactionRecord[] = [];
  let id = 0;
  for (const row of generateSampleData({ ...BENCH_OPTIONS, transactions: 100 }).transactions()) {
    id += 1;
    records.push({ id, date: row.date, description: row.description, value: row.value, category: row.category ?? null, bank: row.bank, categorySource: null, account: null, status: null, split: null });
  }
  return async () => ({ total: 1_000_000, records });
}

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
} else {
  const list = contractOperations().find((operation) => operation.operationId === 'listTransactions');
  if (!list) throw new Error('the contract has no listTransactions operation');
  const page = postgresUrl ? postgresPage(postgresUrl) : generatedPage();
  const app = Fastify({ logger: false });
  app.get('/transactions', { schema: { response: list.responses } }, async (_request, reply) => {
    const { total, records } = await page();
    reply.header('x-total-count', String(total));
    // A fresh array of fresh objects per request, as a real handler produces from its rows.
    return reply.code(200).send(records.map((record) => presentTransaction({ ...record })));
  });
  await app.listen({ host: '127.0.0.1', port });
  process.send?.('listening');
}
