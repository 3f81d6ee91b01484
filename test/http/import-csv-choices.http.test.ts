import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

// Issue 27 item 3: what a CSV needs that the command line had and a request did not: a date
// format for ambiguous dates, and a profile of one's own for a layout no built-in profile knows.

const CSV = { 'content-type': 'text/csv' };
const AMBIGUOUS = 'Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/04/2024,Books,-12.00\n';
const OWN_LAYOUT = 'When;What;How much\n28.11.2026;Bäckerei Müller;-3,20\n29.11.2026;Gehalt;2.500,00\n';
const OWN_PROFILE = { name: 'my-bank', columns: { date: 'When', description: 'What', amount: 'How much' }, dateFormat: 'DD.MM.YYYY', decimalSeparator: ',' };

async function setup(store: Store): Promise<FastifyInstance> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  return buildTestApp(store);
}

function assertProblem(response: JsonResponse, field: { in: string; name: string }, message?: RegExp): void {
  assert.equal(response.status, 400, response.text);
  const error = (response.body as { errors: { in: string; name: string; message: string }[] }).errors.find((each) => each.in === field.in && each.name === field.name);
  assert.ok(error, `expected ${field.in} ${field.name} in ${response.text}`);
  if (message) assert.match(error.message, message);
}

/** A header value as the web app sends it: JSON with every non-ASCII character as a \u escape. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

describeEachEngine('HTTP imports: a date format and a profile of one own', ({ freshStore }) => {
  it('ambiguous dates are refused naming dateFormat; with dateFormat=MM/DD/YYYY they import as that', async () => {
    const app = await setup(await freshStore());
    assertProblem(await call(app, 'POST', '/imports?bank=ing&fileName=us.csv', AMBIGUOUS, CSV), { in: 'query', name: 'dateFormat' }, /could be DD\/MM\/YYYY or MM\/DD\/YYYY/);
    assertProblem(await call(app, 'POST', '/imports?bank=ing&fileName=us.csv&dateFormat=DD/MM', AMBIGUOUS, CSV), { in: 'query', name: 'dateFormat' }, /not usable/);
    assert.equal((await call(app, 'GET', '/transactions')).status, 204, 'nothing imported');
    const imported = await call(app, 'POST', '/imports?bank=ing&fileName=us.csv&dateFormat=MM/DD/YYYY', AMBIGUOUS, CSV);
    assert.equal(imported.status, 200, imported.text);
    const rows = (await call(app, 'GET', '/transactions?sort=date')).body as { date: string }[];
    assert.deepEqual(rows.map((row) => row.date), ['2024-01-02', '2024-03-04']);
  });

  it('a layout no profile knows is refused; with its own profile in Moneta-Csv-Profile it imports, and the history names it', async () => {
    const app = await setup(await freshStore());
    assertProblem(await call(app, 'POST', '/imports?bank=ing&fileName=own.csv', OWN_LAYOUT, CSV), { in: 'body', name: 'body' });
    const imported = await call(app, 'POST', '/imports?bank=ing&fileName=own.csv', OWN_LAYOUT, { ...CSV, 'moneta-csv-profile': asciiJson(OWN_PROFILE) });
    assert.equal(imported.status, 200, imported.text);
    const rows = (await call(app, 'GET', '/transactions?sort=date')).body as { date: string; description: string; value: number }[];
    assert.deepEqual(rows.map(({ date, description, value }) => [date, description, value]), [
      ['2026-11-28', 'Bäckerei Müller', -3.2],
      ['2026-11-29', 'Gehalt', 2500],
    ]);
    const history = (await call(app, 'GET', '/imports')).body as { profile?: string }[];
    assert.equal(history[0]?.profile, 'own: my-bank');
  });

  it('a profile that is not JSON, or not a usable profile, or one given with a built-in profile: 400 naming it, nothing imported', async () => {
    const app = await setup(await freshStore());
    const send = (headers: Record<string, string>, query = '') => call(app, 'POST', `/imports?bank=ing&fileName=own.csv${query}`, OWN_LAYOUT, { ...CSV, ...headers });
    assertProblem(await send({ 'moneta-csv-profile': '{not json' }), { in: 'header', name: 'Moneta-Csv-Profile' }, /is not JSON/);
    assertProblem(await send({ 'moneta-csv-profile': JSON.stringify({ name: 'x', columns: { date: 'When' }, delimiter: 'tab' }) }), { in: 'header', name: 'Moneta-Csv-Profile' }, /not a usable CSV profile/);
    assertProblem(await send({ 'moneta-csv-profile': asciiJson(OWN_PROFILE) }, '&profile=generic'), { in: 'query', name: 'profile' });
    assert.equal((await call(app, 'GET', '/transactions')).status, 204, 'nothing imported');
  });
});
