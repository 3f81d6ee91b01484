/// <reference lib="dom" />
// page.evaluate() callbacks run in the page: the browser globals they use are typed by the DOM library.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { projectFile } from '../../src/project-root.js';
import { answered } from '../support/answered.js';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, watchPageErrors } from '../support/browser.js';
import { request, spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { join } from 'node:path';

/**
 * Accounts in the web app, in real Chromium against `moneta serve` on a temporary SQLite file: the
 * navigation's balances by type with net worth per currency, an account's register with its
 * running balance (checked against the API's), an import into an account whose statement's balance
 * disagrees, and a reconcile to completion with a row unticked (undone) on the way.
 */
const skip = browserSkipReason() ?? false;
const IBAN = 'DE44500105175407324931';

async function created(server: SpawnedServer, path: string, body: unknown): Promise<{ id: number }> {
  const answer = await request(server.baseUrl, 'POST', path, body);
  assert.ok(answer.status === 201 || answer.status === 200, `POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number };
}

const money = (value: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);

/** axe, a screenshot and nothing wider than the screen, at 1440 px and at 390 px. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1440`);
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', `${name} at 1440 px`);
  await page.setViewportSize(PHONE);
  await page.getByRole('navigation').waitFor();
  await screenshot(page, `${name}-390`);
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', `${name} at 390 px`);
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > innerWidth + 1 && !element.closest('.chart-scroll, .table-scroll')).map((element) => element.className || element.tagName),
  );
  assert.deepEqual(overflow, [], `${name}: nothing wider than the phone`);
  await page.setViewportSize(DESKTOP);
}

describe('accounts in the web app, in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-accounts-');
  let server: SpawnedServer;
  let page: Page;
  let errors: string[];
  const ids: Record<string, number> = {};

  before(async () => {
    server = await spawnServer(['--db', join(suite.folder, 'accounts.db')], {}, { stopAfterTest: false });
    await created(server, '/manage/banks', { id: 'dkb', name: 'DKB' });
    ids.everyday = (await created(server, '/accounts', { name: 'Everyday', type: 'checking', currency: 'EUR', openingBalance: 1000.1, openingDate: '2024-01-01' })).id;
    ids.visa = (await created(server, '/accounts', { name: 'Visa', type: 'credit_card', currency: 'EUR', openingBalance: -250.2, openingDate: '2024-01-01' })).id;
    ids.london = (await created(server, '/accounts', { name: 'London', type: 'checking', currency: 'GBP', openingBalance: 0.1, openingDate: '2024-01-01' })).id;
    ids.old = (await created(server, '/accounts', { name: 'Old savings', type: 'savings', currency: 'EUR', openingBalance: 5, openingDate: '2024-01-01' })).id;
    const closed = await request(server.baseUrl, 'PATCH', `/accounts/${ids.old}`, { closedOn: '2024-06-30' });
    assert.equal(closed.status, 200);
    page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    errors = watchPageErrors(page);
  });
  after(async () => {
    await page?.close();
    await server?.stop();
  });

  it('the navigation lists the open accounts by type with their balances, net worth per currency; closed ones behind a toggle', async () => {
    await page.goto(`${server.baseUrl}/app/`);
    const nav = page.getByRole('region', { name: 'Accounts and balances' });
    await nav.getByRole('link', { name: /Everyday/ }).waitFor();
    const groups = await nav.locator('.account-group').evaluateAll((sections) =>
      sections.map((section) => [section.querySelector('h3')?.textContent, [...section.querySelectorAll('a')].map((link) => link.textContent)]),
    );
    assert.deepEqual(groups, [
      ['Checking', [`Everyday${money(1000.1, 'EUR')}`, `London${money(0.1, 'GBP')}`]],
      ['Credit cards', [`Visa${money(-250.2, 'EUR')}`]],
    ]);
    // 1000.10 - 250.20 = 749.90 (not 749.9000000000001); the pound is never added to the euro.
    assert.deepEqual(await nav.locator('.net-worth dd').allTextContents(), [money(749.9, 'EUR'), money(0.1, 'GBP')]);
    await nav.getByRole('button', { name: 'Show 1 closed' }).click();
    await nav.getByRole('link', { name: /Old savings/ }).waitFor();
    assert.deepEqual(await nav.locator('.net-worth dd').allTextContents(), [money(749.9, 'EUR'), money(0.1, 'GBP')], 'a closed account is not in the net worth');
    await nav.getByRole('button', { name: 'Hide closed accounts' }).click();
    await screenshot(page, 'accounts-nav-1440');

    // A transaction added to Visa by another client: the Accounts screen reads the balances anew.
    await page.evaluate(async (visa) => {
      await fetch('/transactions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date: '2024-02-02', description: 'Card payment', value: -0.1, account: visa }) });
    }, ids.visa!);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Accounts' }).click();
    const screen = page.getByRole('main');
    await screen.getByRole('link', { name: new RegExp(`Visa.*${money(-250.3, 'EUR').replace(/[$.]/g, '\\$&')}`) }).waitFor();
    await page.setViewportSize(PHONE);
    assert.equal(await nav.isVisible(), false, 'on a phone the navigation keeps to its tabs');
    const tabs = await page.getByRole('navigation', { name: 'Screens' }).getByRole('link').evaluateAll((links) => links.filter((link) => link.getBoundingClientRect().right > innerWidth || link.getBoundingClientRect().left < 0).map((link) => link.textContent));
    assert.deepEqual(tabs, [], 'every tab, Accounts among them, fits the phone');
    await screenshot(page, 'accounts-screen-390');
    await page.setViewportSize(DESKTOP);
    assert.deepEqual(errors, []);
  });

  it('an account\'s register shows its transactions newest first with the running balance the API computes', async () => {
    for (const [date, description, value] of [
      ['2024-02-01', 'Rent <b>February</b>', -700.05],
      ['2024-02-03', 'Salary ACME', 2000],
      ['2024-02-03', 'Coffee', -0.15],
      ['2024-03-10', 'Groceries', -45.3],
    ] as const)
      await created(server, '/transactions', { date, description, value, account: ids.everyday });
    await page.goto(`${server.baseUrl}/app/accounts/${ids.everyday}`);
    await page.getByRole('heading', { name: 'Everyday', level: 1 }).waitFor();
    const table = page.locator('table.account-register');
    await table.locator('tbody tr').nth(3).waitFor();
    const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [row.querySelector('.description')?.textContent, row.querySelector('.balance')?.textContent]));
    const register = (await answered(server, `/accounts/${ids.everyday}/register`)).body as { rows: Array<{ transaction: { description: string }; balance: number }> };
    assert.deepEqual(
      shown,
      register.rows.map((row) => [row.transaction.description, money(row.balance, 'EUR')]),
    );
    // Newest first, and the figures themselves: 1000.10 - 700.05 + 2000 - 0.15 - 45.30.
    assert.deepEqual(shown[0], ['Groceries', money(2254.6, 'EUR')]);
    assert.deepEqual(shown[3], ['Rent <b>February</b>', money(300.05, 'EUR')]);
    assert.equal(await page.getByTestId('balance-current').textContent(), money(2254.6, 'EUR'));
    assert.equal(await table.locator('tbody tr').first().locator('.status').textContent(), 'Not cleared');
    // The balance history: one point per month, read on focus, and as a table.
    await page.locator('.balance-dot').last().focus();
    await page.locator('.chart-focus', { hasText: money(2254.6, 'EUR') }).waitFor();
    await page.getByText('Show as a table').click();
    await page.locator('.chart-table td', { hasText: money(2254.6, 'EUR') }).first().waitFor();
    await page.getByText('Show as a table').click();
    await checkBothWidths(page, 'account-register');
    assert.deepEqual(errors, []);
  });

  it('an import into an account whose statement misses a row: the check warns with the difference, and the import still happens', async () => {
    ids.giro = (await created(server, '/accounts', { name: 'Giro', type: 'checking', currency: 'EUR', bankId: 'dkb', iban: IBAN })).id;
    await page.goto(`${server.baseUrl}/app/import`);
    await page.getByLabel('Statement file').setInputFiles(projectFile('test/fixtures/statements/camt053-balanced-one-row-removed.xml'));
    await page.getByLabel('The bank it comes from').selectOption('dkb');
    // Accounts without a bank are offered too: the import gives them this one.
    const offered = await page.getByLabel('Account (optional)').locator('option').allTextContents();
    assert.ok(offered.includes('Everyday (EUR) — no bank yet: takes DKB'), offered.join(' | '));
    assert.ok(!offered.some((option) => option.startsWith('Old savings')), 'a closed account is not offered');
    await page.getByLabel('Account (optional)').selectOption(String(ids.giro));
    await page.getByRole('button', { name: /^Check the file/ }).click();
    const warning = page.locator('.balance-check');
    await warning.waitFor();
    assert.equal(await warning.getAttribute('data-agrees'), 'false');
    await page.getByRole('button', { name: /^Import \d+ new row/ }).click();
    await page.getByRole('heading', { name: /Done/ }).waitFor();
    const done = page.locator('.balance-check');
    await done.waitFor();
    assert.equal(await done.getAttribute('data-agrees'), 'false');
    const text = (await done.textContent()) ?? '';
    assert.match(text, /does not agree with the statement's on 2024-03-31/);
    assert.match(text, /0\.30/, 'the difference is named');
    const history = (await answered(server, '/imports?limit=1')).body as Array<{ id: number }>;
    const giro = (await answered(server, `/accounts/${ids.giro}`)).body as { balance: { current: number } };
    // 2836.53 on the statement; Moneta has the one row removed (a 0.30 debit) fewer.
    assert.equal(giro.balance.current, 2836.83);
    assert.ok(history.length === 1);
    await checkBothWidths(page, 'import-balance-check');

    // The whole statement then brings the missing row: the check agrees, calmly.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByLabel('Statement file').setInputFiles(projectFile('test/fixtures/statements/camt053-balanced.xml'));
    await page.getByLabel('Account (optional)').selectOption(String(ids.giro));
    await page.getByRole('button', { name: /^Check the file/ }).click();
    await page.locator('.balance-check[data-agrees="true"]').waitFor();
    await page.getByRole('button', { name: /^Import 1 new row/ }).click();
    await page.getByRole('heading', { name: /Done/ }).waitFor();
    assert.match((await page.locator('.balance-check[data-agrees="true"]').textContent()) ?? '', /agrees with the statement's on 2024-03-31/);
    assert.equal(((await answered(server, `/accounts/${ids.giro}`)).body as { balance: { current: number } }).balance.current, 2836.53);
    await page.getByRole('link', { name: 'Open Giro' }).click();
    await page.getByRole('heading', { name: 'Giro', level: 1 }).waitFor();
    assert.equal(await page.getByTestId('balance-current').textContent(), money(2836.53, 'EUR'));
    assert.deepEqual(errors, []);
  });

  it('a reconcile: the difference follows the ticked rows, an untick is undone on the server, Complete locks the cleared rows', async () => {
    ids.cash = (await created(server, '/accounts', { name: 'Cash box', type: 'cash', currency: 'EUR', openingBalance: 100, openingDate: '2024-01-01' })).id;
    const market = await created(server, '/transactions', { date: '2024-01-10', description: 'Market', value: -20.1, account: ids.cash });
    const bus = await created(server, '/transactions', { date: '2024-01-12', description: 'Bus', value: -0.2, account: ids.cash });
    const refund = await created(server, '/transactions', { date: '2024-01-20', description: 'Refund', value: 5, account: ids.cash });
    await created(server, '/transactions', { date: '2024-02-05', description: 'After the statement', value: -1, account: ids.cash });
    await page.goto(`${server.baseUrl}/app/accounts/${ids.cash}`);
    await page.getByRole('heading', { name: 'Cash box', level: 1 }).waitFor();
    await page.keyboard.press('r');
    await page.getByLabel('Statement date').fill('2024-01-31');
    await page.getByLabel('Statement balance (EUR)').fill('79,70');
    await page.getByRole('button', { name: 'Compare' }).click();
    const difference = page.getByTestId('reconcile-difference');
    await difference.filter({ hasText: money(-20.3, 'EUR') }).waitFor();
    const rows = page.getByRole('list', { name: 'Rows up to the statement date that are not cleared' });
    assert.deepEqual(await rows.locator('.uncleared-description').allTextContents(), ['Market', 'Bus', 'Refund'], 'the rows up to the date, not the one after');
    const complete = page.getByRole('button', { name: 'Complete' });
    await rows.getByRole('checkbox').nth(2).click();
    await difference.filter({ hasText: money(-25.3, 'EUR') }).waitFor();
    const status = async (id: number) => ((await answered(server, `/transactions/${id}`)).body as { status?: string }).status;
    assert.equal(await status(refund.id), 'cleared');
    await rows.getByRole('checkbox').nth(2).click();
    await difference.filter({ hasText: money(-20.3, 'EUR') }).waitFor();
    assert.equal(await status(refund.id), undefined, 'unticking undid the change on the server');
    await rows.getByRole('checkbox').nth(0).click();
    await difference.filter({ hasText: money(-0.2, 'EUR') }).waitFor();
    assert.equal(await complete.isDisabled(), true, 'Complete waits for a difference of 0');
    await rows.getByRole('checkbox').nth(1).click();
    await difference.filter({ hasText: money(0, 'EUR') }).waitFor();
    await checkBothWidths(page, 'reconcile');
    await complete.click();
    await page.getByRole('status').filter({ hasText: 'Reconciled to' }).waitFor();
    assert.match((await page.getByRole('status').filter({ hasText: 'Reconciled to' }).textContent()) ?? '', /2 transactions are now locked/);
    assert.deepEqual([await status(market.id), await status(bus.id), await status(refund.id)], ['reconciled', 'reconciled', undefined]);
    await page.locator('table.account-register .status', { hasText: 'Reconciled' }).first().waitFor();
    assert.deepEqual(errors, []);
  });

  it('Settings: an account added (a bad IBAN refused at its field), edited, and removed with its transactions moved to another of its currency', async () => {
    await page.goto(`${server.baseUrl}/app/settings`);
    const section = page.locator('#accounts');
    await section.locator('li[data-account="Everyday"]').waitFor();
    await section.getByRole('button', { name: 'Add an account' }).click();
    const form = section.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('Name').fill('Holiday fund');
    await form.getByLabel('Type').selectOption('savings');
    await form.getByLabel('IBAN or account number').fill('DE00 1234 5678 9012 3456 78');
    await form.getByLabel('Opening balance').fill('12,5');
    await form.getByLabel('Opening date').fill('2024-01-01');
    await form.getByRole('button', { name: 'Add account' }).click();
    const ibanError = form.locator('#new-account-number-error');
    await ibanError.waitFor();
    assert.equal(await form.getByLabel('IBAN or account number').getAttribute('aria-invalid'), 'true');
    await form.getByLabel('IBAN or account number').fill('');
    await form.getByRole('button', { name: 'Add account' }).click();
    await section.getByRole('status').filter({ hasText: 'Holiday fund added.' }).waitFor();
    // The app's own write refreshes the navigation's accounts (the client's 'wrote' event), no reload.
    await page.getByRole('region', { name: 'Accounts and balances' }).getByRole('link', { name: /Holiday fund.*€12\.50/ }).waitFor();
    const listed = (await answered(server, '/accounts')).body as Array<{ id: number; name: string; type: string; openingBalance?: number }>;
    const holiday = listed.find((each) => each.name === 'Holiday fund');
    assert.deepEqual([holiday?.type, holiday?.openingBalance], ['savings', 12.5]);

    const row = section.locator('li[data-account="Holiday fund"]');
    await row.getByRole('button', { name: 'Edit Holiday fund' }).click();
    await row.getByLabel('Name').fill('Holidays');
    await row.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').filter({ hasText: 'Holidays saved.' }).waitFor();

    await created(server, '/transactions', { date: '2024-05-01', description: 'Deposit', value: 50, account: holiday!.id });
    const renamed = section.locator('li[data-account="Holidays"]');
    await renamed.getByRole('button', { name: 'Remove Holidays' }).click();
    await renamed.getByRole('combobox', { name: 'The account that receives them' }).selectOption(String(ids.everyday));
    await renamed.getByText('Holidays will be removed: 1 transaction will move to Everyday.').waitFor();
    await checkBothWidths(page, 'settings-accounts');
    await renamed.getByRole('button', { name: 'Remove Holidays' }).last().click();
    await section.getByRole('status').filter({ hasText: 'Holidays was removed; 1 moved to Everyday.' }).waitFor();
    const moved = (await answered(server, `/transactions?account=${ids.everyday}&description=Deposit`)).body as Array<{ description: string }>;
    assert.equal(moved.length, 1);
    assert.deepEqual(errors, []);
  });

  it('a long register: the first 100 rows, then "Show 5 more" adds the next page, balances running on', async () => {
    const busy = (await created(server, '/accounts', { name: 'Busy', type: 'checking', currency: 'EUR', openingBalance: 0.05, openingDate: '2024-01-01' })).id;
    for (let day = 0; day < 105; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 2 + day)).toISOString().slice(0, 10);
      await created(server, '/transactions', { date, description: `Row ${day + 1}`, value: -0.1, account: busy });
    }
    await page.goto(`${server.baseUrl}/app/accounts/${busy}`);
    const rows = page.locator('table.account-register tbody tr');
    await rows.nth(99).waitFor();
    assert.equal(await rows.count(), 100);
    await page.getByRole('button', { name: 'Show 5 more' }).click();
    await rows.nth(104).waitFor();
    const last = await rows.last().evaluate((row) => [row.querySelector('.description')?.textContent, row.querySelector('.balance')?.textContent]);
    // The oldest row: 0.05 - 0.10.
    assert.deepEqual(last, ['Row 1', money(-0.05, 'EUR')]);
    const deep = (await answered(server, `/accounts/${busy}/register?offset=100&limit=5`)).body as { rows: Array<{ balance: number }> };
    assert.deepEqual(await rows.evaluateAll((all) => all.slice(100).map((row) => row.querySelector('.balance')?.textContent)), deep.rows.map((row) => money(row.balance, 'EUR')));
    assert.equal(await page.getByRole('button', { name: /^Show \d+ more/ }).count(), 0, 'nothing more to show');
    assert.deepEqual(errors, []);
  });
});
