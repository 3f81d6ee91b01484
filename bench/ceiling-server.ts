/**
 * The `ceiling` of the benchmark: a bare Fastify process that does what Moneta's list endpoint
 * must do at the least (serialise a fresh 100-transaction array with the contract's response
 * schema and set X-Total-Count) and nothing else: no validation, no store, no logging.
 * Usage: node --import tsx bench/ceiling-server.ts <port> <workers>
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { BENCH_OPTIONS, generateSampleData } from '../src/domain/sample-data.js';
import { contractOperations } from '../src/http/contract.js';
import { presentTransaction } from '../src/http/presenters.js';
import type { TransactionRecord } from '../src/domain/transaction.js';

const port = Number(process.argv[2]);
const workers = Number(process.argv[3] ?? '1');

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
} else {
  const list = contractOperations().find((operation) => operation.operationId === 'listTransactions');
  if (!list) throw new Error('the contract has no listTransactions operation');
  const records: TransactionRecord[] = [];
  let id = 0;
  for (const row of generateSampleData({ ...BENCH_OPTIONS, transactions: 100 }).transactions()) {
    id += 1;
    records.push({ id, date: row.date, description: row.description, value: row.value, category: row.category ?? null, bank: row.bank, categorySource: null });
  }
  const app = Fastify({ logger: false });
  app.get('/transactions', { schema: { response: list.responses } }, async (_request, reply) => {
    // A fresh array of fresh objects per request, as a real handler produces from its rows.
    reply.header('x-total-count', '1000000');
    return reply.code(200).send(records.map((record) => presentTransaction({ ...record })));
  });
  await app.listen({ host: '127.0.0.1', port });
  process.send?.('listening');
}
