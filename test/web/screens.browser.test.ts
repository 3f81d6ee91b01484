/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// page.evaluate() callbacks run in the page: the browser globals they use are typed by the DOM library.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { projectFile } from '../../src/project-root.js';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, servedDemo, signIn, watchPageErrors } from '../support/browser.js';
import { answered } from '../support/answered.js';
import { request, runCli, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

/**
 * The Reports, Rules and Settings screens in real Chromium against `moneta serve` on temporary
 * SQLite files: each screen's main flow by keys and mouse with the API checked after, their
 * empty, error and read-only states, the phone layout and axe-core at both widths.
 */
const skip = browserSkipReason() ?? false;

type Totals = { count: number; income: number; expenses: number; net: number };
type Rule = { id: number; category: string; descriptionContains?: string };

const money = (value: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value);

const get = async <T>(server: SpawnedServer, path: string) => (await answered(server, path)).body as T;
const count = async (server: SpawnedServer, query: string) => Number((await answered(server, `/transactions?limit=0${query}`)).headers.get('x-total-count'));

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', screen);
}

/** axe, a screenshot and no sideways scrolling, at 1440 px and at 390 px. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1440`);
  await expectNoSeriousViolations(page, `${name} at 1440 px`);
  await page.setViewportSize(PHONE);
  await page.getByRole('navigation').waitFor();
  await screenshot(page, `${name}-390`);
  await expectNoSeriousViolations(page, `${name} at 390 px`);
  const overflow = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > innerWidth + 1 && !element.closest('.chart-scroll, .table-scroll')).map((element) => element.className));
  assert.deepEqual(overflow, [], `${name}: nothing wider than the phone`);
  await page.setViewportSize(DESKTOP);
}

describe('reports, rules and settings screens in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-screens-');

  describe('on the demo data', () => {
    let server: SpawnedServer;
    let page: Page;
    let errors: string[];

    before(async () => {
      server = await servedDemo(suite.folder);
      page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      errors = watchPageErrors(page);
    });
    after(async () => {
      await page.close();
      await server.stop();
    });

    it('reports: the totals are the API\'s, exactly; the filters live in the URL; a category bar opens the register filtered to it', async () => {
      await page.goto(`${server.baseUrl}/app/`);
      await page.getByRole('link', { name: 'Reports' }).click();
      await page.waitForURL(/\/app\/reports$/);
      const all = await get<Totals>(server, '/reports/totals');
      await page.locator('[data-total="net"]', { hasText: money(all.net) }).waitFor();
      assert.equal(await page.locator('[data-total="income"]').textContent(), money(all.income));
      assert.equal(await page.locator('[data-total="expenses"]').textContent(), money(all.expenses));
      await checkBothWidths(page, 'reports');

      const banks = await get<Array<{ id: string; name: string }>>(server, '/banks');
      const bank = banks[0]!;
      await page.getByLabel('Bank').selectOption(bank.id);
      await page.waitForURL(new RegExp(`bank=${bank.id}`));
      const ofBank = await get<Totals>(server, `/reports/totals?bank=${bank.id}`);
      await page.locator('[data-total="net"]', { hasText: money(ofBank.net) }).waitFor();
      await page.getByLabel('Range').selectOption('last-12-months');
      await page.waitForURL(/from=\d{4}-\d{2}-01&to=/);
      const query = new URL(page.url()).search;
      const ranged = await get<Totals>(server, `/reports/totals${query}`);
      await page.locator('[data-total="net"]', { hasText: money(ranged.net) }).waitFor();

      // The largest spending category, by keys: focus its bar and press Enter.
      const overall = await get<{ periods: Array<{ categories: Array<{ category?: string; expenses: number; count: number }> }> }>(server, `/reports/categories${query}&period=all`);
      const largest = [...overall.periods[0]!.categories].sort((a, b) => a.expenses - b.expenses)[0]!;
      await page.getByRole('region', { name: 'Spending by category' }).locator('a').first().focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/app/' && url.searchParams.get('category') === (largest.category ?? ''));
      assert.equal(new URL(page.url()).searchParams.get('bank'), bank.id);
      await page.locator('.status-bar .count', { hasText: `${new Intl.NumberFormat('en-US').format(largest.count)} row` }).waitFor();
      assert.equal(await count(server, new URL(page.url()).search.replace('?', '&')), largest.count);
      await page.goBack();
      await page.waitForURL(/\/app\/reports\?/);
      await page.locator('[data-total="net"]', { hasText: money(ranged.net) }).waitFor();
    });

    it('reports: the period chart has amount and period axes, a column\'s figures on focus and on a first tap, and a table of the API\'s figures (issue 27 item 8)', async () => {
      type Flow = { period: string; income: number; expenses: number; net: number };
      type ByGroup = { period: string; groups: Array<{ group?: string; expenses: number }> };
      const cashflow = (await get<{ periods: Flow[] }>(server, '/reports/cashflow?period=month')).periods;
      const byPeriod = (await get<{ periods: ByGroup[] }>(server, '/reports/categories?period=month')).periods;
      const monthName = (period: string) => new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
      await page.goto(`${server.baseUrl}/app/reports?period=month`);
      const chart = page.locator('.period-chart');
      await chart.waitFor();
      const amountTicks = await chart.locator('.amount-tick').allTextContents();
      assert.ok(amountTicks.length >= 3 && amountTicks.includes('0'), `amount axis: ${JSON.stringify(amountTicks)}`);
      assert.ok(amountTicks.some((tick) => /^\d+(\.\d)?K$/.test(tick)), `amounts in thousands: ${JSON.stringify(amountTicks)}`);
      const periodTicks = await chart.locator('.period-tick').allTextContents();
      assert.equal(periodTicks[0], monthName(cashflow[0]!.period), 'the first period is named with its year');

      // Keyboard: focusing a column says its figures, the API's.
      const spentIn = (at: ByGroup) => -at.groups.reduce((sum, group) => sum + group.expenses, 0);
      const third = 2;
      await chart.locator('a').nth(third).focus();
      const readout = page.locator('.chart-readout');
      await readout.locator(`xpath=self::*[@data-period="${cashflow[third]!.period}"]`).waitFor();
      assert.equal(await readout.textContent(), `${monthName(cashflow[third]!.period)}: spent ${money(-spentIn(byPeriod[third]!))}, net ${money(cashflow[third]!.net)}`);
      await chart.scrollIntoViewIfNeeded();
      await checkBothWidths(page, 'reports-period-chart');

      // The table: the same figures as the API's answer, period by period.
      await page.getByRole('button', { name: 'Table' }).click();
      const table = page.getByRole('table', { name: /Spending per month, by group, with net/ });
      await table.waitFor();
      const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));
      assert.equal(shown.length, cashflow.length);
      shown.forEach((cells, index) => {
        const flow = cashflow[index]!;
        assert.deepEqual([cells[0], ...cells.slice(-3)], [monthName(flow.period), money(flow.income), money(flow.expenses), money(flow.net)], flow.period);
      });
      await table.scrollIntoViewIfNeeded();
      await checkBothWidths(page, 'reports-table');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousViolations(page, 'reports table, dark');
      await page.getByRole('button', { name: 'Table' }).click();
      await expectNoSeriousViolations(page, 'reports chart, dark');
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('reports: on a touch screen a first tap on a column shows its figures, a second opens the period', async () => {
      const touch = await suite.browser.newPage({ viewport: PHONE, locale: 'en-US', hasTouch: true, isMobile: true });
      try {
        await touch.goto(`${server.baseUrl}/app/reports?period=quarter`);
        const cashflow = (await get<{ periods: Array<{ period: string; start: string; end: string; net: number }> }>(server, '/reports/cashflow?period=quarter')).periods;
        const last = cashflow.at(-1)!;
        const column = touch.locator('.period-chart a').last();
        await column.scrollIntoViewIfNeeded();
        await column.locator('.column-hit').tap();
        await touch.locator(`.chart-readout[data-period="${last.period}"]`).waitFor();
        assert.match((await touch.locator('.chart-readout').textContent()) ?? '', new RegExp(`net ${money(last.net).replace(/[+.]/g, '\\$&')}$`));
        assert.equal(new URL(touch.url()).pathname, '/app/reports', 'the first tap stays');
        await column.locator('.column-hit').tap();
        await touch.waitForURL((url) => url.pathname === '/app/' && url.searchParams.get('from') === last.start);
      } finally {
        await touch.close();
      }
    });

    it('reports: a period column opens that period in the register, by mouse', async () => {
      await page.goto(`${server.baseUrl}/app/reports?period=quarter`);
      const cashflow = await get<{ periods: Array<{ period: string; start: string; end: string; count: number }> }>(server, '/reports/cashflow?period=quarter');
      const last = cashflow.periods.at(-1)!;
      await page.locator('.period-chart a').last().click();
      await page.waitForURL((url) => url.pathname === '/app/' && url.searchParams.get('from') === last.start && url.searchParams.get('to') === last.end);
      await page.locator('.status-bar .count', { hasText: `${new Intl.NumberFormat('en-US').format(last.count)} row` }).waitFor();
    });

    it('rules: the form shows the API\'s errors beside their fields; the live preview\'s count is the API\'s; create, edit, reorder by keys', async () => {
      const uncategorised = await get<Array<{ description: string }>>(server, '/transactions?category=&limit=1');
      const word = uncategorised[0]!.description.toLowerCase().match(/[a-z]{4,}/)![0];
      await page.goto(`${server.baseUrl}/app/rules`);
      await page.getByRole('heading', { name: 'Suggestions' }).waitFor();
      await page.keyboard.press('n');
      const category = page.getByLabel('Put in category');
      await category.waitFor();
      await category.fill('Screen test');
      await page.getByLabel('How the description is compared').selectOption('matches');
      await page.getByLabel('Description', { exact: true }).fill('(a)\\1');
      await page.locator('#rule-text-error').waitFor();
      assert.match((await page.locator('#rule-text-error').textContent()) ?? '', /.+/);
      await page.getByLabel('How the description is compared').selectOption('contains');
      await page.getByLabel('Description', { exact: true }).fill(word);
      await page.getByLabel('Amount at least').fill('5');
      await page.getByLabel('Amount at most').fill('1');
      await page.locator('#rule-minValue-error, #rule-maxValue-error').first().waitFor();
      await page.getByLabel('Amount at least').fill('');
      await page.getByLabel('Amount at most').fill('');
      const preview = (await request(server.baseUrl, 'POST', '/rules/preview', { rule: { category: 'Screen test', descriptionContains: word } })).body as { count: number };
      await page.locator(`[data-preview-count="${preview.count}"]`).waitFor();
      await screenshot(page, 'rules-form-1440');
      await page.getByLabel('Description', { exact: true }).press('Enter');
      await page.getByRole('heading', { name: 'In the order they apply' }).waitFor();
      let rules = await get<Rule[]>(server, '/rules');
      assert.deepEqual(rules.map((rule) => [rule.category, rule.descriptionContains]), [['Screen test', word]]);

      // A suggestion, accepted: the form comes filled in; creating it makes a second rule.
      await page.locator('.suggestions button').first().click();
      await page.getByRole('button', { name: 'Create rule' }).click();
      await page.locator('.rule-list li').nth(1).waitFor();
      rules = await get<Rule[]>(server, '/rules');
      assert.equal(rules.length, 2);

      // Reorder by keys: the second rule moves up with Alt+↑.
      await page.locator('.rule-list li').nth(1).click();
      await page.keyboard.press('Alt+ArrowUp');
      await page.locator('.rule-list li').first().filter({ hasText: rules[1]!.category }).waitFor();
      assert.deepEqual((await get<Rule[]>(server, '/rules')).map((rule) => rule.id), [rules[1]!.id, rules[0]!.id]);

      // Edit by keys: Enter on the cursor rule, change its category, save.
      await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      await page.getByLabel('Put in category').fill('Screen test edited');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.rule-list li', { hasText: 'Screen test edited' }).waitFor();
      assert.equal((await get<Rule[]>(server, '/rules')).find((rule) => rule.id === rules[0]!.id)?.category, 'Screen test edited');

      // Dismiss hides a suggestion on the screen; the API still suggests it (it keeps no dismissals).
      const suggestionCount = (await get<unknown[]>(server, '/rules/suggestions')).length;
      const first = page.locator('.suggestions li').first();
      const words = (await first.locator('span').first().textContent())!;
      await first.getByRole('button', { name: /^Dismiss/ }).click();
      await page.locator('.suggestions li', { hasText: words }).waitFor({ state: 'detached' });
      assert.equal((await get<unknown[]>(server, '/rules/suggestions')).length, suggestionCount);
      await checkBothWidths(page, 'rules');
    });

    it('rules: delete with undo puts the rule back in its place; apply runs a dry run first, then changes what it said', async () => {
      const before = await get<Rule[]>(server, '/rules');
      await page.locator('.rule-list li').first().click();
      await page.keyboard.press('Delete');
      await page.locator('.toast', { hasText: 'deleted' }).waitFor();
      assert.equal((await get<Rule[]>(server, '/rules')).length, before.length - 1);
      await page.locator('.toast').getByRole('button', { name: /Undo/ }).click();
      await page.locator('.toast').waitFor({ state: 'detached' });
      await page.locator('.rule-list li').nth(before.length - 1).waitFor();
      const after = await get<Rule[]>(server, '/rules');
      assert.deepEqual(after.map((rule) => rule.category), before.map((rule) => rule.category));

      const dry = (await request(server.baseUrl, 'POST', '/rules/apply', { dryRun: true })).body as { changed: number };
      assert.ok(dry.changed > 0);
      const uncategorised = await count(server, '&category=');
      await page.getByRole('button', { name: 'Check what would change' }).click();
      await page.locator(`[data-would-change="${dry.changed}"]`).waitFor();
      assert.equal(await count(server, '&category='), uncategorised, 'a dry run changes nothing');
      await page.getByRole('button', { name: /^Apply to/ }).click();
      await page.getByRole('status').filter({ hasText: `Done: ${dry.changed} changed` }).waitFor();
      assert.equal(await count(server, '&category='), uncategorised - dry.changed);
    });

    it('settings: the version, the store, the access; demo data is refused on a store that has data', async () => {
      // From the rules screen by keys: Enter on a navigation link opens it (the screen's Enter key leaves links alone).
      await page.getByRole('link', { name: 'Settings' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/app\/settings$/);
      const { version } = JSON.parse(await readFile(projectFile('package.json'), 'utf8')) as { version: string };
      await page.locator('[data-fact="version"]', { hasText: `Moneta ${version}` }).waitFor();
      await page.locator('[data-fact="store"]', { hasText: 'SQLite, reachable' }).waitFor();
      await page.locator('[data-fact="access"]', { hasText: 'Read and write' }).waitFor();
      await page.locator('[data-fact="count"]', { hasText: '2,000 transactions' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Load demo data' }).isDisabled(), true);
      await checkBothWidths(page, 'settings');
    });

    it('an outage: the reports say so, with the banner, and ask again by themselves; the page recovers without a reload', async () => {
      await page.route('**/reports/**', (route) => route.abort());
      await page.goto(`${server.baseUrl}/app/reports`);
      await page.getByRole('alert').filter({ hasText: 'Moneta is not answering' }).waitFor();
      // Each section says so in its own place (issue 26).
      await page.locator('.field-error', { hasText: 'could not be read' }).first().waitFor();
      await screenshot(page, 'reports-error-1440');
      await page.unroute('**/reports/**');
      const all = await get<Totals>(server, '/reports/totals');
      await page.locator('[data-total="net"]', { hasText: money(all.net) }).waitFor();
    });

    it('ran under the CSP without a single violation or script error', () => {
      assert.deepEqual(errors, []);
    });
  });

  describe('on an empty store', () => {
    let server: SpawnedServer;

    before(async () => {
      server = await spawnServer(['--db', join(suite.folder, 'empty.db')], {}, { stopAfterTest: false });
      await answered(server, '/app/');
    });
    after(() => server.stop());

    it('reports and rules say there is nothing yet; settings loads the demo data', async () => {
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      const errors = watchPageErrors(page);
      await page.goto(`${server.baseUrl}/app/reports`);
      await page.getByText('No transactions match this range').waitFor();
      await checkBothWidths(page, 'reports-empty');
      await page.getByRole('link', { name: 'Rules' }).click();
      await page.getByText('No rules yet').waitFor();
      await checkBothWidths(page, 'rules-empty');
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.locator('[data-fact="count"]', { hasText: '0 transactions' }).waitFor();
      await page.getByRole('button', { name: 'Load demo data' }).click();
      await page.getByRole('status').filter({ hasText: 'Loaded 2,000 transactions' }).waitFor({ timeout: 30_000 });
      assert.equal(await count(server, ''), 2000);
      await page.locator('[data-fact="count"]', { hasText: '2,000 transactions' }).waitFor();
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe('with a read-only token', () => {
    let server: SpawnedServer;
    let readOnly: string;

    before(async () => {
      const db = join(suite.folder, 'tokens.db');
      assert.equal((await runCli(['demo', '--db', db])).code, 0);
      assert.equal((await runCli(['rules', 'add', '--category', 'Groceries', '--description-contains', 'aldi', '--db', db])).code, 0);
      readOnly = (await runCli(['tokens', 'create', 'phone', '--read-only', '--db', db])).stdout.trim();
      server = await spawnServer(['--db', db], {}, { stopAfterTest: false });
      await answered(server, '/app/');
    });
    after(() => server.stop());

    it('opened on Rules first, a read-only token never sees a write control and sends no write to find out (issue 27 item 10)', async () => {
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      const writes: string[] = [];
      const refusals: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET' && request.method() !== 'HEAD') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400 && response.status() !== 401) refusals.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      // A write control drawn at any moment (before the access is known, too) is seen here.
      await page.addInitScript(() => {
        const seen = () => {
          if ([...document.querySelectorAll('button')].some((button) => /^(New rule|Delete|Edit|Accept)/.test(button.textContent ?? ''))) document.documentElement.dataset.sawWriteControl = 'yes';
        };
        new MutationObserver(seen).observe(document, { subtree: true, childList: true });
      });
      await page.goto(`${server.baseUrl}/app/rules`);
      await signIn(page, readOnly);
      await page.locator('.rule-list li', { hasText: 'Groceries' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Read-only: this token can look' }).waitFor();
      for (const screen of ['Register', 'Import', 'Settings']) {
        await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: screen }).click();
        await page.waitForFunction((title) => document.title.startsWith(title), screen);
      }
      await page.locator('[data-fact="access"]', { hasText: 'Read-only' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.sawWriteControl ?? 'no'), 'no', 'no write control, not even for a moment');
      assert.deepEqual(writes, [], 'no write sent to find out what the token may do');
      assert.deepEqual(refusals, [], 'nothing refused (the console shows no red 400 or 403)');
      await page.close();
    });

    it('settings says read-only (asked of the server) and the rules show no edit control; sign out asks for a token again', async () => {
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      await page.goto(`${server.baseUrl}/app/settings`);
      await signIn(page, readOnly);
      await page.locator('[data-fact="access"]', { hasText: 'Read-only' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Read-only: this token can look' }).waitFor();
      await page.locator('[data-fact="token"]', { hasText: `…${readOnly.slice(-4)}` }).waitFor();
      await checkBothWidths(page, 'settings-read-only');
      await page.getByRole('link', { name: 'Rules' }).click();
      await page.locator('.rule-list li', { hasText: 'Groceries' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /New rule|Delete|Edit|Accept/ }).count(), 0, 'no edit controls');
      await screenshot(page, 'rules-read-only-1440');
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API token', { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.length), 0);
      await page.close();
    });
  });
});
