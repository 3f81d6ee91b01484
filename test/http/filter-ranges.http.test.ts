import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { contractOperations, type JsonSchema, type OperationSpec } from '../../src/http/contract.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

/**
 * Every operation that takes a transaction filter, found in the contract (the TransactionFilter
 * query parameters, or a body with a `filter`), refuses a reversed range with a 400 naming the
 * field, and changes nothing (issues 22 and 28: the bulk operations once answered 200 with 0 rows).
 */
const RANGES = ['from', 'to', 'minValue', 'maxValue'];
const operations = contractOperations();
const queryOperations = operations.filter((operation) => RANGES.every((name) => operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)));
const bodyOperations = operations.filter((operation) => {
  const filter = (operation.body?.schema.properties as Record<string, JsonSchema> | undefined)?.filter;
  const properties = (filter?.properties ?? {}) as Record<string, unknown>;
  return RANGES.every((name) => name in properties);
});

/** What a body operation needs besides its filter to be a valid request; an operation missing here fails on its other field. */
const OTHER_BODY_FIELDS: Record<string, object> = {
  deleteTransactions: {},
  recategoriseTransactions: { category: 'Moved' },
  moveTransactions: { account: null },
  setTransactionStatus: { status: 'cleared' },
};

const REVERSED = [
  { label: 'from after to', filter: { from: '2024-03-02', to: '2024-03-01' }, field: 'from', query: 'from=2024-03-02&to=2024-03-01' },
  { label: 'minValue above maxValue', filter: { minValue: 5, maxValue: 4.99 }, field: 'minValue', query: 'minValue=5&maxValue=4.99' },
];
/** The same bounds, equal: a range of one day or one value is not reversed. */
const EQUAL = { filter: { from: '2024-03-01', to: '2024-03-01', minValue: -5, maxValue: -5 }, query: 'from=2024-03-01&to=2024-03-01&minValue=-5&maxValue=-5' };

/** Rows in an account (a status is set only on those). */
async function setup(app: FastifyInstance): Promise<void> {
  const created = await call(app, 'POST', '/accounts', { name: 'Current', type: 'checking' });
  assert.equal(created.status, 201, created.text);
  const account = (created.body as { id: number }).id;
  const rows = [
    { date: '2024-03-01', description: 'TESCO', value: -5, category: 'Food' },
    { date: '2024-03-02', description: 'SALARY', value: 4.99 },
    { date: '2024-03-03', description: 'RENT', value: -700 },
  ];
  for (const row of rows) assert.equal((await call(app, 'POST', '/transactions', { ...row, account })).status, 201);
}

/** Everything a client can read that a bulk operation could change. */
async function visible(app: FastifyInstance): Promise<string[]> {
  return [(await call(app, 'GET', '/transactions?limit=1000')).text, (await call(app, 'GET', '/manage/trash')).text, (await call(app, 'GET', '/categories')).text];
}

function fieldsOf(body: unknown): string[] {
  return ((body as { errors?: { in: string; name: string }[] }).errors ?? []).map((error) => `${error.in} ${error.name}`);
}

function request(operation: OperationSpec, filter: object, query: string): { url: string; body?: object } {
  if (operation.method === 'GET' || operation.method === 'HEAD') return { url: `${operation.path}?${query}` };
  return { url: operation.path, body: { ...(OTHER_BODY_FIELDS[operation.operationId] ?? {}), filter } };
}

describeEachEngine('a reversed range on every operation that takes a filter', ({ freshStore }) => {
  it('finds the operations in the contract: the list, the reports (GET and HEAD) and the bulk operations', () => {
    assert.deepEqual(bodyOperations.map((operation) => operation.operationId).sort(), ['deleteTransactions', 'moveTransactions', 'recategoriseTransactions', 'setTransactionStatus']);
    for (const id of ['listTransactions', 'headTransactions', 'reportTotals', 'headReportTotals', 'reportByCategory', 'reportCashflow', 'reportTopPayees']) {
      assert.ok(queryOperations.some((operation) => operation.operationId === id), id);
    }
  });

  for (const operation of [...queryOperations, ...bodyOperations]) {
    it(`${operation.operationId}: a 400 naming the field, and nothing changes; equal bounds are accepted`, async () => {
      const app = await buildTestApp(await freshStore());
      await setup(app);
      for (const reversed of REVERSED) {
        const before = await visible(app);
        const { url, body } = request(operation, reversed.filter, reversed.query);
        const response = await call(app, operation.method, url, body);
        assert.equal(response.status, 400, `${reversed.label}: ${response.text}`);
        const field = operation.body === undefined ? `query ${reversed.field}` : `body filter.${reversed.field}`;
        // A HEAD answer has no body to name the field in.
        if (operation.method !== 'HEAD') assert.deepEqual(fieldsOf(response.body), [field], reversed.label);
        assert.deepEqual(await visible(app), before, `${reversed.label}: nothing changes`);
      }
      const { url, body } = request(operation, EQUAL.filter, EQUAL.query);
      const accepted = await call(app, operation.method, url, body);
      assert.equal(accepted.status, 200, `equal bounds: ${accepted.text}`);
    });
  }
});
