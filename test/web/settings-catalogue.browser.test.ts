/// <reference lib="dom" />
// page.evaluate() callbacks run in the page: the browser globals they use are typed by the DOM library.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, watchPageErrors, servedDemoWithReadOnlyToken, screenshot } from '../support/browser.js';
import { answered } from '../support/answered.js';
import { request, runCli, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

/**
 * Settings' banks, categories and groups in real Chromium against `moneta serve` on the demo
 * data: every change made on the screen, with the numbers it states checked against the API
 * before and its effect checked through the API after; the read-only view; axe and both widths.
 */
const skip = browserSkipReason() ?? false;

type Bank = { id: string; name: string; aggregatorId?: string };
type Category = { name: string; group?: { name: string } };
type Group = { name: string; categories: string[] };
type Rule = { id: number; category: string; bank?: string };
type ByCategory = { periods: Array<{ categories: Array<{ category?: string; count: number }> }> };

const get = async <T>(server: SpawnedServer, path: string) => {
  const response = await answered(server, path);
  assert.ok(response.status === 200 || response.status === 204, `GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
};
const count = async (server: SpawnedServer, query: string) => Number((await answered(server, `/transactions?limit=0${query}`)).headers.get('x-total-count'));
const fmt = (value: number) => new Intl.NumberFormat('en-US').format(value);
const plural = (value: number, noun: string) => `${fmt(value)} ${noun}${value === 1 ? '' : 's'}`;

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', what);
}

/** Brings the banks card to the top of the screen, for the screenshots. */
async function scrollToCatalogue(page: Page): Promise<void> {
  await page.locator('#banks-title').evaluate((heading) => heading.closest('section')?.scrollIntoView({ block: 'start' }));
}

/** Waits until the keyboard focus is on the control with this accessible label. */
async function focusedOn(page: Page, label: string): Promise<void> {
  await page.waitForFunction((name) => document.activeElement?.getAttribute('aria-label') === name, label);
}

/** The confirmation dialog: its words, then the action. */
async function confirm(page: Page, detail: string, action: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.equal(await dialog.locator('#confirm-detail').textContent(), detail);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('settings: banks, categories and groups in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-settings-catalogue-');

  describe('on the demo data', () => {
    let server: SpawnedServer;
    let page: Page;
    let errors: string[];

    before(async () => {
      const db = join(suite.folder, 'demo.db');
      assert.equal((await runCli(['demo', '--db', db])).code, 0);
      server = await spawnServer(['--db', db], {}, { stopAfterTest: false });
      await answered(server, '/app/');
      page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      errors = watchPageErrors(page);
      await page.goto(`${server.baseUrl}/app/settings`);
      await page.locator('[data-fact="access"]', { hasText: 'Read and write' }).waitFor();
    });
    after(async () => {
      await page.close();
      await server.stop();
    });

    it('lists each bank and category with its transactions, as the API counts them; axe finds nothing serious at 1440 or 390 px', async () => {
      const banks = await get<Bank[]>(server, '/banks');
      for (const bank of banks) {
        const { count: rows } = await get<{ count: number }>(server, `/reports/totals?bank=${bank.id}`);
        await page.locator(`li[data-bank="${bank.id}"] .catalogue-count`, { hasText: plural(rows, 'transaction') }).waitFor();
      }
      const report = await get<ByCategory>(server, '/reports/categories?period=all');
      const first = report.periods[0]!.categories.find((part) => part.category !== undefined)!;
      await page.locator(`li[data-category="${first.category!}"] .catalogue-count`, { hasText: plural(first.count, 'transaction') }).waitFor();
      await scrollToCatalogue(page);
      await screenshot(page, 'settings-1440');
      await expectNoSeriousViolations(page, 'settings at 1440 px');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'settings-dark-1440');
      await expectNoSeriousViolations(page, 'settings in dark mode');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(PHONE);
      await page.getByRole('navigation').waitFor();
      await scrollToCatalogue(page);
      await screenshot(page, 'settings-390');
      await expectNoSeriousViolations(page, 'settings at 390 px');
      const overflow = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > innerWidth + 1).map((element) => element.className));
      assert.deepEqual(overflow, [], 'nothing wider than the phone');
      await page.setViewportSize(DESKTOP);
    });

    it('a count that does not answer reads "counting…" with its removal held back, and is asked again until it answers', async () => {
      await page.route('**/reports/categories?*', (route) => route.abort());
      await page.reload();
      const row = page.locator('li[data-category="Groceries"]');
      await row.locator('.catalogue-count', { hasText: 'counting…' }).waitFor();
      assert.equal(await row.getByRole('button', { name: 'Delete Groceries' }).isDisabled(), true);
      await page.unroute('**/reports/categories?*');
      const groceries = await count(server, '&category=Groceries');
      await row.locator('.catalogue-count', { hasText: plural(groceries, 'transaction') }).waitFor();
      assert.equal(await row.getByRole('button', { name: 'Delete Groceries' }).isDisabled(), false);
    });

    it('adds a bank (a bad aggregator id is named beside its field, adding nothing), renames it and sets its aggregator id', async () => {
      await page.locator('#bank-add-id').fill('test-bank');
      await page.locator('#bank-add-name').fill('Test Bank');
      await page.locator('#bank-add-aggregator').fill('not-a-uuid');
      await page.getByRole('button', { name: 'Add bank' }).click();
      await page.locator('#bank-add-aggregator-error').waitFor();
      assert.equal(await page.locator('#bank-add-aggregator').getAttribute('aria-invalid'), 'true');
      assert.equal((await answered(server, '/banks/test-bank', [404])).status, 404, 'a refused add adds nothing');

      await page.locator('#bank-add-aggregator').fill('');
      await page.getByRole('button', { name: 'Add bank' }).click();
      await page.getByRole('status').filter({ hasText: 'Added Test Bank (test-bank).' }).waitFor();
      assert.deepEqual(await get<Bank>(server, '/banks/test-bank'), { id: 'test-bank', name: 'Test Bank' });

      await page.getByRole('button', { name: 'Edit Test Bank' }).click();
      await page.locator('#bank-edit-name').fill('Testbank NL');
      const uuid = '0b7e7c4e-1d7a-4c55-9a39-5b1f0f3f2d10';
      await page.locator('#bank-edit-aggregator').fill(uuid);
      await page.locator('#bank-edit-aggregator').press('Enter');
      await page.getByRole('status').filter({ hasText: `Saved Testbank NL (test-bank), aggregator id ${uuid}.` }).waitFor();
      await focusedOn(page, 'Edit Testbank NL');
      assert.deepEqual(await get<Bank>(server, '/banks/test-bank'), { id: 'test-bank', name: 'Testbank NL', aggregatorId: uuid });
      await page.locator('li[data-bank="test-bank"] .catalogue-count', { hasText: '0 transactions' }).waitFor();
    });

    it('removes a bank in use: the confirmation states its rows and rules; the rows move to the bank chosen, the rule goes', async () => {
      const banks = (await get<Bank[]>(server, '/banks')).filter((bank) => bank.id !== 'test-bank');
      const [from, to] = [banks[0]!, banks[1]!];
      const created = await request(server.baseUrl, 'POST', '/rules', { category: 'Groceries', descriptionContains: 'bank-only', bank: from.id });
      assert.equal(created.status, 201);
      const rows = await count(server, `&bank=${from.id}`);
      const receiving = await count(server, `&bank=${to.id}`);
      assert.ok(rows > 0);
      await page.reload();
      await page.locator(`li[data-bank="${from.id}"] .catalogue-count`, { hasText: plural(rows, 'transaction') }).waitFor();

      await page.getByRole('button', { name: `Delete ${from.name}`, exact: true }).click();
      const panel = page.getByRole('group', { name: `Delete ${from.name}` });
      await panel.getByLabel(`Its ${plural(rows, 'transaction')}`).selectOption('move');
      await panel.getByLabel('Receiving bank').selectOption(to.id);
      const sentence = `${from.name} will be removed: ${plural(rows, 'transaction')} will be moved to ${to.name}; 1 rule naming it will be removed.`;
      await panel.getByText(sentence).waitFor();
      await screenshot(page, 'settings-remove-bank-1440');
      await panel.getByRole('button', { name: `Delete ${from.name}…` }).click();
      await confirm(page, sentence, 'Delete bank');
      await page.getByRole('status').filter({ hasText: `Removed ${from.name}: ${plural(rows, 'transaction')} moved to ${to.name}; 1 rule removed.` }).waitFor();

      assert.equal((await answered(server, `/banks/${from.id}`, [404])).status, 404);
      assert.equal(await count(server, `&bank=${to.id}`), receiving + rows, 'the rows moved to the bank chosen');
      assert.deepEqual((await get<Rule[]>(server, '/rules')).filter((rule) => rule.bank === from.id), []);
    });

    it('makes a category in a new group, renames a category (its rows relabelled; a taken name refused beside the field), merges two, removes one with rows (uncategorised) and one a rule names (the rule retargeted)', async () => {
      await page.locator('#category-add-name').fill('Pets');
      await page.locator('#category-add-group').fill('Household extras');
      await page.getByRole('button', { name: 'Add category' }).click();
      await page.getByRole('status').filter({ hasText: 'Added Pets in Household extras.' }).waitFor();
      assert.deepEqual((await get<Category[]>(server, '/categories')).find((category) => category.name === 'Pets'), { name: 'Pets', group: { name: 'Household extras' } });

      const report = await get<ByCategory>(server, '/reports/categories?period=all');
      const used = report.periods[0]!.categories.filter((part) => part.category !== undefined && part.count > 0).map((part) => ({ name: part.category!, rows: part.count }));
      const rules = await get<Rule[]>(server, '/rules');
      const withoutRules = used.filter((category) => !rules.some((rule) => rule.category === category.name));
      assert.ok(withoutRules.length >= 5, 'the demo data has categories without rules');
      const [renamed, mergedAway, mergedInto, removed, ruled] = withoutRules as [typeof used[0], typeof used[0], typeof used[0], typeof used[0], typeof used[0]];

      // A name another category has: refused beside the name field, nothing renamed.
      await page.getByRole('button', { name: `Edit ${renamed.name}`, exact: true }).click();
      const editForm = page.getByRole('form', { name: `Edit ${renamed.name}` });
      await editForm.getByLabel('Name').fill(mergedInto.name);
      await editForm.getByRole('button', { name: 'Save' }).click();
      await editForm.locator('.field-error', { hasText: 'exists already' }).waitFor();
      assert.equal(await count(server, `&category=${encodeURIComponent(renamed.name)}`), renamed.rows);
      await editForm.getByRole('button', { name: 'Cancel' }).click();
      await focusedOn(page, `Edit ${renamed.name}`);

      // Rename, by keys.
      await page.getByRole('button', { name: `Edit ${renamed.name}`, exact: true }).click();
      const newName = `${renamed.name} (renamed)`;
      await page.getByRole('form', { name: `Edit ${renamed.name}` }).getByLabel('Name').fill(newName);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: `Saved: renamed ${renamed.name} to ${newName}: its ${plural(renamed.rows, 'transaction')} now read ${newName}.` }).waitFor();
      await focusedOn(page, `Edit ${newName}`);
      assert.equal(await count(server, `&category=${encodeURIComponent(newName)}`), renamed.rows);
      assert.equal(await count(server, `&category=${encodeURIComponent(renamed.name)}`), 0);

      // Merge.
      await page.getByRole('button', { name: `Merge ${mergedAway.name}`, exact: true }).click();
      const mergePanel = page.getByRole('group', { name: `Merge ${mergedAway.name}` });
      await mergePanel.getByLabel('Merge into').selectOption(mergedInto.name);
      const mergeWords = `${mergedAway.name} will be merged into ${mergedInto.name}: ${plural(mergedAway.rows, 'transaction')} will move to ${mergedInto.name}, and ${mergedAway.name} will be removed.`;
      await mergePanel.getByText(mergeWords).waitFor();
      await mergePanel.getByRole('button', { name: `Merge ${mergedAway.name}…` }).click();
      await confirm(page, mergeWords, 'Merge');
      await page.getByRole('status').filter({ hasText: `Merged ${mergedAway.name} into ${mergedInto.name}: ${plural(mergedAway.rows, 'transaction')} and 0 rules moved.` }).waitFor();
      assert.equal(await count(server, `&category=${encodeURIComponent(mergedInto.name)}`), mergedInto.rows + mergedAway.rows);
      assert.ok(!(await get<Category[]>(server, '/categories')).some((category) => category.name === mergedAway.name));

      // Remove one with rows: no rules to decide about, so the question comes at once.
      const uncategorised = await count(server, '&category=');
      await page.getByRole('button', { name: `Delete ${removed.name}`, exact: true }).click();
      await confirm(page, `${removed.name} will be removed: ${plural(removed.rows, 'transaction')} will become uncategorised.`, 'Delete category');
      await page.getByRole('status').filter({ hasText: `Removed ${removed.name}: ${plural(removed.rows, 'transaction')} now uncategorised.` }).waitFor();
      assert.equal(await count(server, '&category='), uncategorised + removed.rows);
      assert.ok(!(await get<Category[]>(server, '/categories')).some((category) => category.name === removed.name));

      // Remove one a rule names: the rule is pointed at the category typed instead.
      const rule = (await request(server.baseUrl, 'POST', '/rules', { category: ruled.name, descriptionContains: 'ruled-only' })).body as Rule;
      await page.reload();
      await page.locator(`li[data-category="${ruled.name}"]`).waitFor();
      await page.getByRole('button', { name: `Delete ${ruled.name}`, exact: true }).click();
      const removal = page.getByRole('group', { name: `Delete ${ruled.name}` });
      await removal.getByLabel('The 1 rule naming it').selectOption('retarget');
      await removal.getByLabel('Rules name instead').fill('Snacks');
      const removalWords = `${ruled.name} will be removed: ${plural(ruled.rows, 'transaction')} will become uncategorised; 1 rule naming it will name Snacks instead.`;
      await removal.getByText(removalWords).waitFor();
      await removal.getByRole('button', { name: `Delete ${ruled.name}…` }).click();
      await confirm(page, removalWords, 'Delete category');
      await page.getByRole('status').filter({ hasText: `Removed ${ruled.name}: ${plural(ruled.rows, 'transaction')} now uncategorised; 1 rule now naming Snacks.` }).waitFor();
      assert.equal((await get<Rule[]>(server, '/rules')).find((each) => each.id === rule.id)?.category, 'Snacks');
    });

    it('renames a group by keys and removes it: its categories stay, without a group; makes a group with a first category', async () => {
      await page.getByRole('button', { name: 'Rename Household extras' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#group-rename-name').fill('Home');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Renamed Household extras to Home: 1 category moved with it.' }).waitFor();
      assert.deepEqual((await get<Group[]>(server, '/manage/category-groups')).find((group) => group.name === 'Home'), { name: 'Home', categories: ['Pets'] });

      await page.getByRole('button', { name: 'Delete group Home' }).click();
      await confirm(page, 'Home will be removed: its 1 category (0 transactions) will stay, without a group.', 'Delete group');
      await page.getByRole('status').filter({ hasText: 'Removed Home: 1 category now without a group.' }).waitFor();
      assert.deepEqual((await get<Category[]>(server, '/categories')).find((category) => category.name === 'Pets'), { name: 'Pets' });
      assert.ok(!(await get<Group[]>(server, '/manage/category-groups')).some((group) => group.name === 'Home'));

      await page.locator('#group-add-name').fill('Treats');
      await page.locator('#group-add-category').selectOption('Pets');
      await page.getByRole('button', { name: 'Make group' }).click();
      await page.getByRole('status').filter({ hasText: 'Made Treats with Pets (0 transactions).' }).waitFor();
      assert.deepEqual((await get<Category[]>(server, '/categories')).find((category) => category.name === 'Pets'), { name: 'Pets', group: { name: 'Treats' } });
    });

    it('ran under the CSP without a single violation or script error', () => {
      assert.deepEqual(errors, []);
    });
  });

  describe('with a read-only token', () => {
    let server: SpawnedServer;
    let readOnly: string;

    before(async () => {
      ({ server, readOnly } = await servedDemoWithReadOnlyToken(suite.folder));
      await answered(server, '/app/');
    });
    after(() => server.stop());

    it('shows the banks, categories and groups without a single write control', async () => {
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      await page.goto(`${server.baseUrl}/app/settings`);
      await page.getByRole('textbox', { name: 'API token', exact: true }).fill(readOnly);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('[data-fact="access"]', { hasText: 'Read-only' }).waitFor();
      await page.locator('li[data-category="Groceries"]').waitFor();
      await page.locator('li[data-group="Food"]').waitFor();
      assert.ok((await page.locator('li[data-bank]').count()) > 0);
      const controls = page.locator('.catalogue').getByRole('button');
      assert.equal(await controls.count(), 0, 'no write controls');
      assert.equal(await page.locator('.catalogue form').count(), 0, 'no forms');
      await page.close();
    });
  });
});
