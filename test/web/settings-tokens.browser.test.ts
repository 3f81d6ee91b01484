/// <reference lib="dom" />
// page.evaluate() callbacks run in the page: the browser globals they use are typed by the DOM library.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, watchPageErrors, signIn, screenshot } from '../support/browser.js';
import { runCli, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

/**
 * Settings' API tokens and backup sections in real Chromium against `moneta serve`: a token made
 * and shown once, signed in with from another browser context, revoked (after asking) and then
 * refused; the backup downloaded as a SQLite file; a read-only token's view; the open server's
 * first token. Each step checks what the API says.
 */
const skip = browserSkipReason() ?? false;

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', where);
}

/** The status an API request carrying `token` gets. */
async function statusWith(server: SpawnedServer, token: string | null, path = '/manage/tokens'): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

async function signInToSettings(page: Page, server: SpawnedServer, token: string): Promise<void> {
  await page.goto(`${server.baseUrl}/app/settings`);
  await signIn(page, token);
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
}

const tokenRows = (page: Page) => page.locator('.token-table tbody tr');

describe('Settings: API tokens and the backup download in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-settings-tokens-');

  describe('on a server with tokens and the demo data', () => {
    let server: SpawnedServer;
    let admin: string;
    let viewer: string;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    before(async () => {
      const db = join(suite.folder, 'tokens.db');
      assert.equal((await runCli(['demo', '--db', db])).code, 0);
      admin = (await runCli(['tokens', 'create', 'admin', '--db', db])).stdout.trim();
      viewer = (await runCli(['tokens', 'create', 'viewer', '--read-only', '--db', db])).stdout.trim();
      server = await spawnServer(['--db', db, '--workers', '1'], {}, { stopAfterTest: false });
      context = await suite.browser.newContext({ viewport: DESKTOP, locale: 'en-US', colorScheme: 'light', acceptDownloads: true });
      page = await context.newPage();
      errors = watchPageErrors(page);
      await signInToSettings(page, server, admin);
    });
    after(async () => {
      await context.close();
      await server.stop();
    });

    it('makes a token and shows its secret once; another browser signs in with it; revoked after asking, it is refused', async () => {
      await tokenRows(page).nth(1).waitFor();
      assert.deepEqual(await page.locator('.token-name').allTextContents(), ['admin', 'viewer']);
      await page.getByRole('region', { name: 'API tokens' }).getByLabel('Name', { exact: true }).fill('laptop');
      await page.getByRole('button', { name: 'Make token' }).click();
      const secret = page.locator('[data-secret]');
      await secret.waitFor();
      const token = (await secret.textContent()) ?? '';
      assert.match(token, /^moneta_[A-Za-z0-9_-]{43}$/);
      await page.getByText('you will not see it again').waitFor();
      await page.locator('tr[data-token="laptop"]').waitFor();
      assert.equal(await statusWith(server, token), 200, 'the shown secret is the token');
      await page.locator('.tokens-section').scrollIntoViewIfNeeded();
      await screenshot(page, 'settings-tokens-1440');
      await expectNoSeriousViolations(page, 'settings tokens at 1440 px');
      await page.setViewportSize(PHONE);
      await page.locator('.tokens-section').scrollIntoViewIfNeeded();
      await screenshot(page, 'settings-tokens-390');
      await expectNoSeriousViolations(page, 'settings tokens at 390 px');
      await page.setViewportSize(DESKTOP);
      await page.getByRole('button', { name: 'I have stored it; hide it' }).click();
      await secret.waitFor({ state: 'detached' });
      // Shown once: a reload of the screen never shows it again.
      await page.reload();
      await page.locator('tr[data-token="laptop"]').waitFor();
      assert.ok(!((await page.content()).includes(token.slice(7))), 'the secret is not on the page any more');

      // Another browser (its own session storage) signs in with the new token, and revokes it.
      const other = await suite.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
      try {
        const phone = await other.newPage();
        await signInToSettings(phone, server, token);
        await phone.locator('tr[data-token="laptop"]').waitFor();
        await phone.getByRole('button', { name: 'Revoke laptop' }).click();
        const dialog = phone.getByRole('dialog', { name: 'Revoke the token “laptop”?' });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        assert.equal(await statusWith(server, token), 200, 'Cancel revokes nothing');
        await phone.getByRole('button', { name: 'Revoke laptop' }).click();
        await dialog.getByRole('button', { name: 'Revoke' }).click();
        // Its own token: the tab signs out.
        await phone.getByRole('heading', { name: 'Sign in to Moneta' }).waitFor();
        assert.equal(await statusWith(server, token), 401);
        await signIn(phone, token);
        await phone.getByText('the API token is not valid').waitFor();
      } finally {
        await other.close();
      }
      await page.reload();
      await tokenRows(page).nth(1).waitFor();
      assert.deepEqual(await page.locator('.token-name').allTextContents(), ['admin', 'viewer']);
      assert.deepEqual(errors, []);
    });

    it('a name the API refuses: its message beside the field, nothing made', async () => {
      await page.getByRole('region', { name: 'API tokens' }).getByLabel('Name', { exact: true }).fill('admin');
      await page.getByRole('button', { name: 'Make token' }).click();
      await page.getByRole('alert').filter({ hasText: 'exists already' }).waitFor();
      await page.getByRole('region', { name: 'API tokens' }).getByLabel('Name', { exact: true }).fill('has space');
      await page.getByRole('button', { name: 'Make token' }).click();
      await page.locator('#token-name-error').waitFor();
      assert.equal(await page.getByRole('region', { name: 'API tokens' }).getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), 'true');
      assert.equal(await tokenRows(page).count(), 2);
    });

    it('downloads the backup: a SQLite file with every transaction', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download a backup' }).click()]);
      assert.match(download.suggestedFilename(), /^moneta-\d{4}-\d{2}-\d{2}\.db$/);
      const file = join(suite.folder, 'downloaded.db');
      await download.saveAs(file);
      assert.equal((await readFile(file)).subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        assert.equal((db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n, 2000);
        assert.equal((db.prepare('SELECT count(*) AS n FROM api_tokens').get() as { n: number }).n, 2);
      } finally {
        db.close();
      }
      await page.getByRole('status').filter({ hasText: /^Saved moneta-/ }).waitFor();
    });

    it('a read-only token sees the list and may download, but has no controls to make or revoke', async () => {
      const readOnly = await suite.browser.newContext({ viewport: DESKTOP, locale: 'en-US', acceptDownloads: true });
      try {
        const view = await readOnly.newPage();
        await signInToSettings(view, server, viewer);
        await tokenRows(view).nth(1).waitFor();
        await view.getByText('A read-only token can see the list but cannot make or revoke tokens.').waitFor();
        assert.equal(await view.getByRole('button', { name: /^Revoke/ }).count(), 0);
        assert.equal(await view.getByRole('button', { name: 'Make token' }).count(), 0);
        const [download] = await Promise.all([view.waitForEvent('download'), view.getByRole('button', { name: 'Download a backup' }).click()]);
        assert.match(download.suggestedFilename(), /^moneta-.*\.db$/);
        await expectNoSeriousViolations(view, 'settings tokens, read-only');
      } finally {
        await readOnly.close();
      }
    });
  });

  describe('on an open server (no token yet)', () => {
    it('the first token made becomes this tab\'s token; from then on the API asks for one', async () => {
      const server = await spawnServer(['--db', join(suite.folder, 'open.db'), '--workers', '1'], {}, { stopAfterTest: false });
      const context = await suite.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
      try {
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}/app/settings`);
        await page.locator('[data-fact="no-tokens"]').waitFor();
        assert.equal(await page.getByRole('checkbox', { name: /Read-only/ }).isDisabled(), true, 'the first token must be able to write');
        await page.getByRole('region', { name: 'API tokens' }).getByLabel('Name', { exact: true }).fill('first');
        await page.getByRole('button', { name: 'Make token' }).click();
        const token = (await page.locator('[data-secret]').textContent()) ?? '';
        await page.locator('tr[data-token="first"]').waitFor();
        assert.equal(await statusWith(server, null), 401);
        assert.equal(await statusWith(server, token), 200);
        assert.equal(await page.evaluate(() => sessionStorage.getItem('moneta.token')), token);
      } finally {
        await context.close();
        await server.stop();
      }
    });
  });
});
