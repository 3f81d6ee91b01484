/**
 * GET /transactions sends the JSON the store writes (SQLite from stored row texts, PostgreSQL
 * from its rows): byte for byte what the route's serialiser writes for store.transactions.list's
 * rows, presented, for filters, sorts, deep offsets and searches; HEAD answers the same headers.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { foldForSearch } from '../../src/domain/text.js';
import type { TransactionQuery } from '../../src/domain/transaction.js';
import { presentTransaction } from '../../src/http/presenters.js';
import { buildTestApp } from '../support/app.js';
import { listTransactionsSerialiser } from '../support/route-serialiser.js';
import { describeEachEngine } from '../support/engines.js';
import { apiRowArbitrary, BANKS } from '../support/transaction-arbitraries.js';

const ROWS = 1100;
const DESCRIPTIONS = ['TESCO STORES 3021', 'Tesco Express', 'Coffee "Bar" \\ 50%', 'Straße Café', '🙂 shop'];
const CATEGORIES = ['Coffee', 'Groceries', null];

/** The query string the HTTP layer turns into `query` (descriptions are already folded). */
function queryString(query: TransactionQuery): string {
  const parts: string[] = [];
  if (query.category !== undefined) parts.push(`category=${encodeURIComponent(query.category ?? '')}`);
  if (query.bank !== undefined) parts.push(`bank=${encodeURIComponent(query.bank)}`);
  if (query.descriptionContains !== undefined) parts.push(`description=${encodeURIComponent(query.descriptionContains)}`);
  if (query.sort.length > 0) parts.push(`sort=${query.sort.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(',')}`);
  parts.push(`limit=${query.limit}`, `offset=${query.offset}`);
  return parts.join('&');
}

/** Everything but the request id and the date, which differ by design, and the body. */
function headersOf(response: LightMyRequestResponse) {
  const { 'x-request-id': _requestId, date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers };
}

const base: TransactionQuery = { sort: [], limit: 100, offset: 0 };
const QUERIES: TransactionQuery[] = [
  base, { ...base, limit: 1 }, { ...base, limit: 0 }, { ...base, offset: 1000 }, { ...base, offset: ROWS - 5 }, { ...base, offset: ROWS + 5 },
  { ...base, limit: 5000 }, { ...base, sort: [{ field: 'id', descending: true }], offset: 1000 },
  { ...base, category: 'Coffee' }, { ...base, category: null }, { ...base, category: null, offset: 300 }, { ...base, bank: BANKS[1] },
  { ...base, bank: 'no-such-bank' }, { ...base, category: 'Groceries', bank: BANKS[0] },
  { ...base, descriptionContains: 'tesco' }, { ...base, descriptionContains: 'tesco', sort: [{ field: 'id', descending: true }] },
  { ...base, descriptionContains: foldForSearch('STRASSE') }, { ...base, descriptionContains: 'te' }, { ...base, descriptionContains: 's' },
  { ...base, descriptionContains: '"bar" \\ 50%' }, { ...base, descriptionContains: 'tesco', category: 'Coffee', sort: [{ field: 'value', descending: true }] },
  ...(['id', 'date', 'description', 'value', 'category'] as const).flatMap((field) => [false, true].map((descending) => ({ ...base, sort: [{ field, descending }] }))),
  { ...base, sort: [{ field: 'category', descending: true }, { field: 'value', descending: false }], offset: 250 },
  { ...base, sort: [{ field: 'date', descending: false }, { field: 'description', descending: true }, { field: 'id', descending: true }] },
  { ...base, sort: [{ field: 'value', descending: false }], category: null, limit: 300, offset: 700 },
];

describeEachEngine('GET /transactions from the JSON the store writes', ({ freshStore }) => {
  it('sends the bytes the serialiser writes for the presented rows', async () => {
    const store = await freshStore();
    const serialise = await listTransactionsSerialiser();
    for (const id of BANKS) await store.catalogue.addBank({ id, name: id, aggregatorId: null });
    const rows = fc.sample(apiRowArbitrary, { numRuns: ROWS, seed: 20240229 }).map((row, index) =>
      index % 3 === 0 ? { ...row, description: `${DESCRIPTIONS[index % DESCRIPTIONS.length]} ${row.description}`, category: CATEGORIES[index % CATEGORIES.length] ?? null } : row);
    for (let start = 0; start < rows.length; start += 100) await Promise.all(rows.slice(start, start + 100).map((row) => store.transactions.create(row)));
    // Bytes are compared here, not load shedding: a busy machine must not turn a page into a 503.
    const options = { security: { limits: { maxEventLoopDelayMs: 0 } } };
    const app = await buildTestApp(store, options);

    for (const query of QUERIES) {
      const url = `/transactions?${queryString(query)}`;
      const page = await store.transactions.list(query);
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.headers['x-total-count'], String(page.total), `${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (page.rows.length === 0) assert.deepEqual([response.statusCode, response.body], [204, ''], url);
      else {
        assert.deepEqual([response.statusCode, response.body], [200, serialise(page.rows.map(presentTransaction))], url);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8', url);
      }
      const head = await app.inject({ method: 'HEAD', url });
      // Fastify adds content-length: 0 to a HEAD of a 204.
      if (response.statusCode === 200) assert.deepEqual([headersOf(head), head.body], [headersOf(response), ''], `HEAD ${url}`);
      else assert.deepEqual([head.statusCode, head.headers['x-total-count']], [204, response.headers['x-total-count']], `HEAD ${url}`);
    }
  });
});
