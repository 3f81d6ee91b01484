/// <reference lib="dom" />
// page.evaluate() callbacks run in the page: the browser globals they use are typed by the DOM library.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { ruleForPayee } from '../../web/src/lib/inbox.js';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, watchPageErrors, servedDemoWithReadOnlyToken, signIn } from '../support/browser.js';
import { request, runCli, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

/**
 * The review inbox in real Chromium against `moneta serve` on the demo data: the groups as the
 * API reports them, a group categorised in one go and undone, "Always" with the rule preview's
 * count, and no write controls for a read-only token. Each step checks the API agrees.
 */
const skip = browserSkipReason() ?? false;

interface Group {
  payee: string;
  count: number;
  net: number;
  first: string;
  last: string;
}
interface Inbox {
  count: number;
  groupCount: number;
  groups: Group[];
}

const groupsShown = (page: Page) => page.locator('.inbox-group');
const toast = (page: Page) => page.locator('.undo-toast');
const get = async <T,>(server: SpawnedServer, path: string) => (await request(server.baseUrl, 'GET', path)).body as T;
const inboxOf = (server: SpawnedServer) => get<Inbox>(server, '/reports/inbox?limit=1000');
const countOf = async (server: SpawnedServer, query: string) => Number((await request(server.baseUrl, 'GET', `/transactions?limit=0${query}`)).headers.get('x-total-count'));
const rowsText = (count: number) => `${new Intl.NumberFormat('en-US').format(count)} ${count === 1 ? 'row' : 'rows'}`;

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', screen);
}

async function openInbox(page: Page, server: SpawnedServer): Promise<void> {
  await page.goto(`${server.baseUrl}/app/inbox`);
  await groupsShown(page).first().waitFor();
}

describe('the review inbox in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-inbox-');

  describe('on an open store with the demo data', () => {
    let server: SpawnedServer;
    let page: Page;
    let errors: string[];

    before(async () => {
      const db = join(suite.folder, 'open.db');
      assert.equal((await runCli(['demo', '--db', db])).code, 0);
      server = await spawnServer(['--db', db], {}, { stopAfterTest: false });
      page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US', colorScheme: 'light' });
      errors = watchPageErrors(page);
    });
    after(async () => {
      await page.close();
      await server.stop();
    });

    it('lists the groups largest first with their count, total and dates, as the API reports them', async () => {
      const inbox = await inboxOf(server);
      assert.ok(inbox.groups.length >= 3, `the demo data has groups to review (${inbox.groups.length})`);
      await openInbox(page, server);
      await page.locator('.inbox-summary', { hasText: `${rowsText(inbox.count)} in ${inbox.groupCount} groups` }).waitFor();
      assert.equal(await groupsShown(page).count(), inbox.groups.length);
      await page.getByRole('link', { name: `Inbox ${inbox.count}` }).waitFor();
      for (const [index, group] of inbox.groups.slice(0, 5).entries()) {
        const row = groupsShown(page).nth(index);
        assert.equal(await row.locator('.inbox-payee').textContent(), group.payee);
        assert.equal(await row.locator('.inbox-count').textContent(), rowsText(group.count));
        const net = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(group.net);
        assert.equal(await row.locator('.inbox-total').textContent(), net);
        const iso = group.first === group.last ? group.first : `${group.first} – ${group.last}`;
        assert.equal(await row.locator('.inbox-dates').getAttribute('title'), iso);
      }
      await screenshot(page, 'inbox-1440');
      await expectNoSeriousViolations(page, 'inbox at 1440 px');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'inbox-dark-1440');
      await expectNoSeriousViolations(page, 'inbox at 1440 px, dark');
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('a category name the API refuses: its problem shows beside the picker and nothing changes', async () => {
      await openInbox(page, server);
      const before = await inboxOf(server);
      await page.keyboard.press('c');
      await page.keyboard.type('x'.repeat(101));
      await page.keyboard.press('Enter');
      const error = page.locator('.inbox-group .field-error');
      await error.waitFor();
      assert.match((await error.textContent()) ?? '', /category/);
      await page.keyboard.press('Escape');
      await page.locator('.inbox-group .picker').waitFor({ state: 'detached' });
      assert.deepEqual(await inboxOf(server), before);
    });

    it('j then c: one category for the whole group in one request; z puts the rows back in the inbox', async () => {
      await openInbox(page, server);
      const { count, groups: [, second] } = await inboxOf(server);
      await page.keyboard.press('j');
      await page.locator('.inbox-group.cursor .inbox-payee', { hasText: second!.payee }).waitFor();
      await page.keyboard.press('c');
      await page.getByRole('combobox', { name: `Category for ${second!.payee}` }).waitFor();
      await page.keyboard.type('Inbox test');
      await page.keyboard.press('Enter');
      await toast(page).filter({ hasText: `set to Inbox test` }).waitFor();
      assert.equal(await countOf(server, '&category=Inbox%20test'), second!.count);
      assert.ok(!(await inboxOf(server)).groups.some((group) => group.payee === second!.payee), 'the group left the inbox');
      await page.locator('.inbox-payee', { hasText: second!.payee }).waitFor({ state: 'detached' });
      // The keyboard goes on from the list: focus is on the cursor's group, not lost to the page.
      await page.waitForFunction(() => document.activeElement?.closest('.inbox-group.cursor') != null);
      await page.getByRole('link', { name: `Inbox ${count - second!.count}` }).waitFor();
      await page.keyboard.press('z');
      await toast(page).filter({ hasText: 'Undone' }).waitFor();
      assert.equal(await countOf(server, '&category=Inbox%20test'), 0);
      const back = (await inboxOf(server)).groups.find((group) => group.payee === second!.payee);
      assert.deepEqual(back, second);
      await page.locator('.inbox-payee', { hasText: second!.payee }).waitFor();
    });

    it('Always: shows the rule preview\'s count, then creates the rule and categorises the group; Undo removes both', async () => {
      await openInbox(page, server);
      const [first] = (await inboxOf(server)).groups;
      const rulesBefore = await get<unknown[] | undefined>(server, '/rules');
      await groupsShown(page).first().getByRole('button', { name: /Always/ }).click();
      await page.getByRole('combobox', { name: `Always put ${first!.payee} in` }).waitFor();
      await page.keyboard.type('Always test');
      await page.keyboard.press('Enter');
      const shown = page.locator('.inbox-preview-count');
      await shown.waitFor();
      const preview = (await request(server.baseUrl, 'POST', '/rules/preview', { rule: ruleForPayee(first!.payee, 'Always test'), limit: 1 })).body as { count: number };
      assert.ok(preview.count >= first!.count, `the rule matches at least the group (${preview.count})`);
      assert.equal(await shown.textContent(), new Intl.NumberFormat('en-US').format(preview.count));
      await screenshot(page, 'inbox-always-1440');
      await page.getByRole('button', { name: 'Create rule' }).click();
      await toast(page).filter({ hasText: 'Rule created' }).waitFor();
      const rules = await get<Array<{ category: string }>>(server, '/rules');
      assert.equal(rules.filter((rule) => rule.category === 'Always test').length, 1);
      assert.equal(await countOf(server, '&category=Always%20test'), first!.count);
      await toast(page).getByRole('button', { name: /Undo/ }).click();
      await toast(page).filter({ hasText: 'Undone' }).waitFor();
      assert.deepEqual(await get<unknown[] | undefined>(server, '/rules'), rulesBefore);
      assert.equal(await countOf(server, '&category=Always%20test'), 0);
    });

    it('at 390 px the groups fit without sideways scroll; the page ran without a CSP violation or script error', async () => {
      await page.setViewportSize(PHONE);
      await openInbox(page, server);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `no sideways scroll (${width} px)`);
      await screenshot(page, 'inbox-390');
      await expectNoSeriousViolations(page, 'inbox at 390 px');
      await page.setViewportSize(DESKTOP);
      assert.deepEqual(errors, []);
    });
  });

  describe('with a read-only token, and with nothing to review', () => {
    let server: SpawnedServer;
    let readOnly: string;

    before(async () => {
      ({ server, readOnly } = await servedDemoWithReadOnlyToken(suite.folder));
    });
    after(() => server.stop());

    it('shows the groups but no write controls, and its keys change nothing', async () => {
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      await page.goto(`${server.baseUrl}/app/inbox`);
      await signIn(page, readOnly);
      await page.getByRole('status').filter({ hasText: 'Read-only' }).waitFor();
      await groupsShown(page).first().waitFor();
      await page.keyboard.press('c');
      await page.keyboard.press('a');
      assert.equal(await page.locator('.inbox-actions, .picker, .undo-toast').count(), 0, 'no buttons, picker or toast');
      await page.close();
    });

    it('a refusal of a request sent before signing in, answered after it, does not ask for a token again', async () => {
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      // The first request without a token goes through (its 401 shows the sign-in); every later
      // one is held until the token is in, then answered (401): a slow answer from before.
      const held: Array<{ request: Request; answer: () => Promise<void> }> = [];
      let passed = 0;
      await page.route((url) => !url.pathname.startsWith('/app/'), async (route) => {
        if (route.request().headers().authorization === undefined && (passed += 1) > 1) held.push({ request: route.request(), answer: () => route.continue() });
        else await route.continue();
      });
      await page.goto(`${server.baseUrl}/app/inbox`);
      await signIn(page, readOnly);
      await groupsShown(page).first().waitFor();
      assert.ok(held.length > 0, 'a request from before the sign-in was held');
      // Each held request answered and read whole, then two frames for the app to react and render.
      const finished = held.map(({ request: sent }) => page.waitForEvent('requestfinished', (done) => done === sent));
      await Promise.all(held.map(({ answer }) => answer()));
      assert.deepEqual(await Promise.all(finished.map(async (done) => (await (await done).response())?.status())), held.map(() => 401));
      for (let frame = 0; frame < 2; frame += 1) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await page.getByRole('status').filter({ hasText: 'Read-only' }).waitFor();
      assert.equal(await page.getByLabel('API token', { exact: true }).count(), 0, 'the sign-in form is not back');
      assert.ok((await groupsShown(page).count()) > 0, 'the groups are still shown');
      await page.close();
    });

    it('says there is nothing to review when every row has a category', async () => {
      const empty = await spawnServer(['--db', join(suite.folder, 'empty.db')], {}, { stopAfterTest: false });
      try {
        const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
        await page.goto(`${empty.baseUrl}/app/inbox`);
        await page.getByRole('heading', { name: 'Nothing to review' }).waitFor();
        assert.equal(await groupsShown(page).count(), 0);
        await page.close();
      } finally {
        await empty.stop();
      }
    });
  });
});
