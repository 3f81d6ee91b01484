import assert from 'node:assert/strict';
import { it } from 'node:test';
import { transactionObject } from '../../src/domain/transaction.js';
import type { Store } from '../../src/store/store.js';
import { TokensService } from '../../src/services/tokens.service.js';
import { buildTestApp, call } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';
import { allRows, matches, plainReports, seedStore } from './report-support.js';

interface ProblemBody {
  status: number;
  errors: Array<{ in: string; name: string; message: string }>;
}

function assertProblem(response: { status: number; body: unknown }, name: string): void {
  assert.equal(response.status, 400, JSON.stringify(response.body));
  const body = response.body as ProblemBody;
  assert.ok(body.errors.some((error) => error.in === 'query' && error.name === name), `expected query ${name} in ${JSON.stringify(body.errors)}`);
}

async function everything(store: Store) {
  return JSON.stringify(await allRows(store));
}

describeEachEngine('reports over HTTP', ({ freshStore }) => {
  it('answers each report from the filters in the query string', async () => {
    const store = await freshStore();
    await seedStore(store, 80);
    const app = await buildTestApp(store);
    const cases: Array<[string, Parameters<typeof plainReports>[1]]> = [
      ['', {}],
      ['?category=', { category: null }],
      ['?category=Groceries&bank=ing', { category: 'Groceries', bank: 'ing' }],
      ['?from=2023-12-31&to=2024-03-01', { from: '2023-12-31', to: '2024-03-01' }],
      ['?description=TESCO&minValue=-100&maxValue=1e3', { descriptionContains: 'tesco', minValue: -100, maxValue: 1000 }],
    ];
    for (const [query, filter] of cases) {
      const expected = await plainReports(store, filter, 'quarter');
      const totals = await call(app, 'GET', `/reports/totals${query}`);
      assert.equal(totals.status, 200, totals.text);
      assert.deepEqual(totals.body, expected.totals, query);
      const separator = query === '' ? '?' : '&';
      assert.deepEqual((await call(app, 'GET', `/reports/categories${query}${separator}period=quarter`)).body, expected.byCategory, query);
      assert.deepEqual((await call(app, 'GET', `/reports/cashflow${query}${separator}period=quarter`)).body, expected.cashflow, query);
      const payees = await call(app, 'GET', `/reports/payees${query}${separator}limit=2`);
      assert.deepEqual(payees.body, { payees: expected.payees.payees.slice(0, 2) }, query);
      const list = await call(app, 'GET', `/transactions${query}${separator}limit=0`);
      assert.equal(list.headers['x-total-count'], String(expected.totals.count), query);
    }
    const monthly = (await call(app, 'GET', '/reports/cashflow')).body as { period: string; periods: Array<{ period: string }> };
    assert.equal(monthly.period, 'month', 'period defaults to month');
    assert.match(monthly.periods[0]?.period ?? '', /^\d{4}-\d{2}$/);
    const head = await app.inject({ method: 'HEAD', url: '/reports/totals?bank=ing' });
    assert.deepEqual([head.statusCode, head.body], [200, '']);
  });

  it('filters GET /transactions by date and value range, with an exact X-Total-Count', async () => {
    const store = await freshStore();
    await seedStore(store, 80);
    const app = await buildTestApp(store);
    const rows = await allRows(store);
    const cases: Array<[string, Parameters<typeof matches>[1]]> = [
      ['from=2024-01-01', { from: '2024-01-01' }],
      ['to=2023-12-31&sort=-date', { to: '2023-12-31' }],
      ['from=2024-01-15&to=2024-02-29&category=Coffee', { from: '2024-01-15', to: '2024-02-29', category: 'Coffee' }],
      ['minValue=0&maxValue=0.2', { minValue: 0, maxValue: 0.2 }],
      ['minValue=-0.01&description=tesco&sort=-id', { minValue: -0.01, descriptionContains: 'tesco' }],
      ['from=2024-02-29&to=2024-02-29&bank=monzo&offset=1&limit=3', { from: '2024-02-29', to: '2024-02-29', bank: 'monzo' }],
    ];
    for (const [query, filter] of cases) {
      const response = await call(app, 'GET', `/transactions?${query}&limit=1000`.replace('&limit=3&limit=1000', '&limit=3'));
      const wanted = rows.filter((row) => matches(row, filter));
      assert.equal(response.headers['x-total-count'], String(wanted.length), query);
      const ids = ((response.body ?? []) as Array<{ id: number }>).map((row) => row.id).sort((a, b) => a - b);
      const expectedIds = wanted.map((row) => row.id);
      if (query.includes('offset=1')) assert.equal(ids.length, Math.min(3, Math.max(0, expectedIds.length - 1)), query);
      else assert.deepEqual(ids, expectedIds, query);
    }
    // Without the extensions, the page is the one interface 0.1.0 gives.
    const plain = await call(app, 'GET', '/transactions?limit=5');
    assert.deepEqual(plain.body, rows.slice(0, 5).map(transactionObject));
    assert.equal(plain.headers['x-total-count'], String(rows.length));
  });

  it('refuses bad filters with a 400 naming the parameter, and changes nothing', async () => {
    const store = await freshStore();
    await seedStore(store, 10);
    const app = await buildTestApp(store);
    const before = await everything(store);
    const bad: Array<[string, string]> = [
      ['from=2023-02-29', 'from'],
      ['to=2024-13-01', 'to'],
      ['from=2024-1-01', 'from'],
      ['from=2024-03-01&to=2024-02-29', 'from'],
      ['minValue=5&maxValue=4.99', 'minValue'],
      ['minValue=abc', 'minValue'],
      ['minValue=%2B5', 'minValue'],
      ['maxValue=0x10', 'maxValue'],
      ['maxValue=Infinity', 'maxValue'],
      ['minValue=1e-400', 'minValue'],
      ['maxValue=1e39', 'maxValue'],
      ['minValue=', 'minValue'],
      ['minValue=1&minValue=2', 'minValue'],
      ['bank=not%20an%20id', 'bank'],
      ['sinceDate=2024-01-01', 'sinceDate'],
    ];
    for (const path of ['/transactions', '/reports/totals', '/reports/categories', '/reports/cashflow', '/reports/payees']) {
      for (const [query, name] of bad) assertProblem(await call(app, 'GET', `${path}?${query}`), name);
    }
    for (const path of ['/reports/categories', '/reports/cashflow']) {
      assertProblem(await call(app, 'GET', `${path}?period=week`), 'period');
      assertProblem(await call(app, 'GET', `${path}?period=`), 'period');
    }
    assertProblem(await call(app, 'GET', '/reports/payees?limit=0'), 'limit');
    assertProblem(await call(app, 'GET', '/reports/payees?limit=1001'), 'limit');
    assertProblem(await call(app, 'GET', '/reports/totals?period=month'), 'period');
    assert.equal((await call(app, 'POST', '/reports/totals', {})).status, 405);
    assert.equal(await everything(store), before);
  });

  it('needs a token once one exists, and a read-only token may read reports', async () => {
    const store = await freshStore();
    const app = await buildTestApp(store, { security: { tokenCacheMs: 0 } });
    const { token } = await new TokensService(store).create('dashboard', { readOnly: true });
    for (const path of ['/reports/totals', '/reports/categories', '/reports/cashflow', '/reports/payees']) {
      assert.equal((await call(app, 'GET', path)).status, 401, path);
      assert.equal((await call(app, 'GET', path, undefined, { authorization: `Bearer ${token}` })).status, 200, path);
    }
  });
});
