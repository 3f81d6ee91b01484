import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { projectFile } from '../../src/project-root.js';
import type { Store } from '../../src/store/store.js';
import { buildTestApp, call, type JsonResponse } from '../support/app.js';
import { describeEachEngine } from '../support/engines.js';

const IBAN = 'DE44500105175407324931';
const fixture = (name: string) => readFileSync(projectFile(`test/fixtures/statements/${name}`));

interface Report {
  outcome: string;
  added: number;
  skipped: number;
  account?: number;
  notes: string[];
  balanceCheck?: { statementDate: string; statementBalance: number; computedBalance: number; difference: number; agrees: boolean; message: string };
}

async function setup(store: Store): Promise<FastifyInstance> {
  const app = await buildTestApp(store);
  assert.equal((await call(app, 'POST', '/manage/banks', { id: 'dkb', name: 'DKB' })).status, 201);
  return app;
}

async function account(app: FastifyInstance, body: Record<string, unknown>): Promise<number> {
  const created = await call(app, 'POST', '/accounts', { type: 'checking', currency: 'EUR', bankId: 'dkb', ...body });
  assert.equal(created.status, 201, created.text);
  return (created.body as { id: number }).id;
}

const send = (app: FastifyInstance, query: string, file: string): Promise<JsonResponse> =>
  call(app, 'POST', `/imports?${query}&fileName=${file}`, fixture(file), { 'content-type': 'application/octet-stream' });

function assertProblem(response: JsonResponse, status: number, name: string): void {
  assert.equal(response.status, status, response.text);
  assert.ok((response.body as { errors: { name: string }[] }).errors.some((error) => error.name === name), response.text);
}

describeEachEngine('Imports into an account: the statement balance check', ({ freshStore }) => {
  it('CAMT.053: takes the statement opening, imports only the account rows, and agrees with the closing balance', async () => {
    const app = await setup(await freshStore());
    const id = await account(app, { name: 'Giro', iban: IBAN });
    const imported = await send(app, `account=${id}`, 'camt053-balanced.xml');
    assert.equal(imported.status, 200, imported.text);
    const report = imported.body as Report;
    assert.equal(report.account, id);
    assert.equal(report.added, 4);
    assert.equal(report.skipped, 3, 'a pending entry, and the CHF account rows of the same file');
    assert.ok(report.notes.some((note) => note.includes('it now starts at 1,520.33 on 2024-03-01')), report.notes.join('\n'));
    assert.deepEqual(report.balanceCheck, {
      statementDate: '2024-03-31',
      statementBalance: 2836.53,
      computedBalance: 2836.53,
      difference: 0,
      agrees: true,
      message: "agrees with the statement's balance of 2,836.53 on 2024-03-31",
    });
    const read = (await call(app, 'GET', `/accounts/${id}`)).body as { openingBalance: number; openingDate: string; balance: { current: number; cleared: number } };
    assert.deepEqual([read.openingBalance, read.openingDate, read.balance.current, read.balance.cleared], [1520.33, '2024-03-01', 2836.53, 2836.53]);
  });

  for (const [full, removed, query, missing] of [
    ['camt053-balanced.xml', 'camt053-balanced-one-row-removed.xml', 'iban', -0.3],
    ['mt940-balanced.sta', 'mt940-balanced-one-row-removed.sta', 'iban', -0.3],
    ['balance-lines-de.csv', 'balance-lines-de-one-row-removed.csv', 'none', -58],
  ] as const) {
    it(`${removed}: the difference is exactly the removed row; ${full} agrees, also as a dry run`, async () => {
      const app = await setup(await freshStore());
      const numbers = query === 'iban' ? { iban: IBAN } : {};
      const short = await account(app, { name: 'Short', ...numbers });
      const check = ((await send(app, `account=${short}`, removed)).body as Report).balanceCheck;
      assert.ok(check, 'a balance check');
      assert.equal(check.agrees, false);
      assert.equal(check.difference, missing);
      assert.match(check.message, new RegExp(`${Math.abs(missing).toFixed(2)} missing or extra between 2024-03-01 and 2024-03-31$`));

      // Another bank: rows are recognised as duplicates per bank, and these are the same rows.
      assert.equal((await call(app, 'POST', '/manage/banks', { id: 'other', name: 'Other' })).status, 201);
      const whole = await account(app, { name: 'Whole', bankId: 'other', ...numbers });
      const dry = (await send(app, `account=${whole}&dryRun=true`, full)).body as Report;
      assert.equal(dry.outcome, 'dry-run');
      assert.equal(dry.balanceCheck?.agrees, true, JSON.stringify(dry));
      assert.ok(dry.notes.some((note) => note.includes('importing would start it at 1,520.33')));
      assert.equal((await call(app, 'GET', `/transactions?account=${whole}`)).status, 204, 'a dry run writes nothing');
      const real = (await send(app, `account=${whole}`, full)).body as Report;
      assert.equal(real.balanceCheck?.agrees, true);
      assert.equal(real.balanceCheck?.difference, 0);
    });
  }

  it('an account without a bank takes a new bank named after it with its first import (not with a dry run), and recognises its rows again', async () => {
    const app = await setup(await freshStore());
    // The name's own id is taken: the new bank gets the next free one.
    assert.equal((await call(app, 'POST', '/manage/banks', { id: 'cash-box', name: 'Someone else' })).status, 201);
    const cash = await account(app, { name: 'Cash box', type: 'cash', bankId: undefined, iban: IBAN });
    const dry = (await send(app, `account=${cash}&dryRun=true`, 'camt053-balanced.xml')).body as Report;
    assert.equal(dry.outcome, 'dry-run', JSON.stringify(dry));
    assert.ok(dry.notes.some((note) => note.includes('importing would give it a new bank "cash-box-2"')), dry.notes.join('\n'));
    assert.equal((await call(app, 'GET', '/banks/cash-box-2')).status, 404, 'a dry run creates no bank');
    assert.equal(((await call(app, 'GET', `/accounts/${cash}`)).body as { bankId?: string }).bankId, undefined, 'nor gives the account one');

    const since = ((await call(app, 'GET', '/changes?limit=1000')).body as { next: string }).next;
    const imported = await send(app, `account=${cash}`, 'camt053-balanced.xml');
    assert.equal(imported.status, 200, imported.text);
    const report = imported.body as Report;
    assert.equal(report.added, 4);
    assert.ok(report.notes.some((note) => note.includes('it now has a new bank "cash-box-2", named after it')), report.notes.join('\n'));
    assert.deepEqual((await call(app, 'GET', '/banks/cash-box-2')).body, { id: 'cash-box-2', name: 'Cash box' });
    assert.equal(((await call(app, 'GET', `/accounts/${cash}`)).body as { bankId?: string }).bankId, 'cash-box-2');
    // The bank, the account's new bank and the rows are one commit of the change feed.
    const feed = (await call(app, 'GET', `/changes?since=${encodeURIComponent(since)}&limit=1000`)).body as { changes: { type: string; bank?: { id: string }; account?: { id: number; bankId?: string } }[] };
    assert.deepEqual(feed.changes.map((each) => each.type).sort(), ['account', 'bank', 'transaction', 'transaction', 'transaction', 'transaction'], JSON.stringify(feed));
    assert.equal(feed.changes.find((each) => each.type === 'bank')?.bank?.id, 'cash-box-2');
    assert.equal(feed.changes.find((each) => each.type === 'account')?.account?.bankId, 'cash-box-2');

    const again = (await send(app, `account=${cash}`, 'camt053-balanced.xml')).body as Report;
    assert.deepEqual([again.added, again.notes.some((note) => note.includes('new bank'))], [0, false], 'the same rows again are duplicates');
  });

  it('an account without a bank takes the bank given with the import; an unknown one is refused', async () => {
    const app = await setup(await freshStore());
    const card = await account(app, { name: 'Card', type: 'credit_card', bankId: undefined, iban: IBAN });
    assertProblem(await send(app, `account=${card}&bank=nope`, 'camt053-balanced.xml'), 400, 'bank');
    const imported = (await send(app, `account=${card}&bank=dkb`, 'camt053-balanced.xml')).body as Report;
    assert.equal(imported.added, 4, JSON.stringify(imported));
    assert.ok(imported.notes.some((note) => note.includes('it now has bank "dkb"')), imported.notes.join('\n'));
    assert.equal(((await call(app, 'GET', `/accounts/${card}`)).body as { bankId?: string }).bankId, 'dkb');
    assert.deepEqual(((await call(app, 'GET', '/banks')).body as { id: string }[]).map((bank) => bank.id), ['dkb'], 'no bank was created');
  });

  it('refuses an unknown or closed account, a bank that is not the account one, and no target at all', async () => {
    const app = await setup(await freshStore());
    assert.equal((await call(app, 'POST', '/manage/banks', { id: 'ing', name: 'ING' })).status, 201);
    const closed = await account(app, { name: 'Old', closedOn: undefined });
    assert.equal((await call(app, 'PATCH', `/accounts/${closed}`, { closedOn: '2024-01-31' })).status, 200);
    const open = await account(app, { name: 'Giro' });
    assertProblem(await send(app, 'account=999', 'camt053-balanced.xml'), 400, 'account');
    assertProblem(await send(app, `account=${closed}`, 'camt053-balanced.xml'), 400, 'account');
    assertProblem(await send(app, `account=${open}&bank=ing`, 'camt053-balanced.xml'), 400, 'bank');
    assertProblem(await call(app, 'POST', '/imports?fileName=x.xml', fixture('camt053-balanced.xml'), { 'content-type': 'application/octet-stream' }), 400, 'bank');
    assert.equal((await call(app, 'GET', '/transactions')).status, 204, 'nothing was imported');
  });
});
