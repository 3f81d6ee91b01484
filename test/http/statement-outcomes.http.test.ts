// What the server says about statements it reads only in part, or not at all. Those it cannot
// read are refused as the body's fault: a 400 problem naming `body` with one line that says
// why, and nothing written (the history neither).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/store/store.js';
import { fixture } from '../importers/statement-helpers.js';
import { deeplyNested } from '../importers/nesting-samples.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const OCTETS = { 'content-type': 'application/octet-stream' };

async function setup(store: Store): Promise<FastifyInstance> {
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  return buildTestApp(store, { now: () => Date.UTC(2024, 5, 1) });
}

function assertRefused(response: JsonResponse, reason: RegExp): void {
  assert.equal(response.status, 400, response.text);
  const errors = (response.body as { errors: Array<{ in: string; name: string; message: string }> }).errors;
  assert.equal(errors.length, 1, response.text);
  assert.deepEqual([errors[0]?.in, errors[0]?.name], ['body', 'body']);
  assert.match(errors[0]?.message ?? '', reason);
  assert.doesNotMatch(errors[0]?.message ?? '', /\n/);
}

async function nothingWritten(app: FastifyInstance): Promise<void> {
  assert.equal((await call(app, 'GET', '/transactions')).status, 204);
  assert.equal((await call(app, 'GET', '/imports')).status, 204);
}

describeEachEngine('HTTP imports of statements read in part or not at all', ({ freshStore }) => {
  it('imports the bank rows of an investment OFX and counts its securities trades as skipped, with a note', async () => {
    const app = await setup(await freshStore());
    const body = readFileSync(fixture('ofx1-investment-cash.ofx'));
    const response = await call(app, 'POST', '/imports?bank=ing&fileName=brokerage.ofx', body, OCTETS);
    assert.equal(response.status, 200, response.text);
    const report = response.body as { outcome: string; added: number; skipped: number; invalid: number; notes: string[]; rows: Array<{ line: number; status: string; reason?: string }> };
    assert.deepEqual([report.outcome, report.added, report.skipped, report.invalid], ['imported', 3, 4, 0]);
    assert.deepEqual(report.rows.map((row) => `${row.line} ${row.status}`), ['1 added', '2 skipped', '3 added', '4 skipped', '5 skipped', '6 skipped', '7 added']);
    assert.match(report.rows[1]?.reason ?? '', /^BUYSTOCK is a securities trade/);
    assert.match(report.notes[0] ?? '', /^investment statement: its 3 bank rows \(INVBANKTRAN\) are read; its 4 securities trades/);
  });

  it('skips CSV balance lines with their reason instead of importing them', async () => {
    const app = await setup(await freshStore());
    const response = await call(app, 'POST', '/imports?bank=ing&fileName=umsaetze.csv', readFileSync(fixture('balance-lines-de.csv')), { 'content-type': 'text/csv' });
    assert.equal(response.status, 200, response.text);
    const report = response.body as { outcome: string; added: number; skipped: number; invalid: number; rows: Array<{ line: number; status: string; reason?: string }> };
    assert.deepEqual([report.outcome, report.added, report.skipped, report.invalid], ['imported', 3, 3, 0]);
    assert.deepEqual(report.rows.filter((row) => row.status === 'skipped').map((row) => row.reason), [
      'balance line ("Anfangssaldo"): not a transaction', 'balance line ("Endsaldo"): not a transaction', 'balance line ("Kontostand am 31.03.2024"): not a transaction',
    ]);
    const descriptions = ((await call(app, 'GET', '/transactions')).body as Array<{ description: string }>).map((row) => row.description).sort();
    assert.deepEqual(descriptions, ['Gehalt Maerz 2024 Beispiel GmbH', 'REWE Markt GmbH Einkauf', 'Stadtwerke Abschlag Strom']);
  });

  it('refuses a CAMT file with nothing to import with a 400 that says why', async () => {
    const app = await setup(await freshStore());
    const cases: Array<[string, RegExp]> = [
      ['camt053-no-entries.xml', /^camt053-no-entries\.xml holds no entries: its statement \(Stmt\) has no Ntry/],
      ['camt053-pending-only.xml', /^camt053-pending-only\.xml holds no booked entries: its 3 entries are 2 pending \(PDNG\) and 1 information only \(INFO\)/],
      ['camt052-account-report.xml', /^camt052-account-report\.xml is a camt\.052 account report/],
      ['camt054-notification.xml', /^camt054-notification\.xml is a camt\.054 debit\/credit notification/],
      ['camt053-unknown-namespace.xml', /^camt053-unknown-namespace\.xml declares the namespace "urn:example:bank:statement:v3", not a camt\.053 one/],
    ];
    for (const [name, reason] of cases) {
      const response = await call(app, 'POST', `/imports?bank=ing&fileName=${name}`, readFileSync(fixture(name)), OCTETS);
      assertRefused(response, reason);
    }
    await nothingWritten(app);
  });

  it('refuses OFX and CAMT nested thousands deep with a 400 naming the body, not a 500', async () => {
    const app = await setup(await freshStore());
    for (const [name, text] of Object.entries(deeplyNested(5000)).filter(([key]) => key !== 'ok')) {
      const response = await call(app, 'POST', `/imports?bank=ing&fileName=${name}`, text, OCTETS);
      assertRefused(response, new RegExp(`^${name.replace('.', '\\.')} nests elements more than 100 deep`));
    }
    await nothingWritten(app);
  });
});
