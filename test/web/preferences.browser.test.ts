// Settings, Display (issue 27, item 11): the theme (system, light, dark) and the locale and date
// style numbers and dates are written in, kept in the browser and applied to every screen.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, watchPageErrors } from '../support/browser.js';
import { request, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

const skip = browserSkipReason() ?? false;

describe('display preferences in the web app, in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-preferences-');
  let server: SpawnedServer;
  let page: Page;
  let errors: string[];

  before(async () => {
    server = await spawnServer(['--db', join(suite.folder, 'preferences.db')], {}, { stopAfterTest: false });
    assert.equal((await request(server.baseUrl, 'POST', '/manage/banks', { id: 'ing', name: 'ING' })).status, 201);
    assert.equal((await request(server.baseUrl, 'POST', '/transactions', { date: '2024-03-12', description: 'Salary', value: 1234.5, bank: 'ing' })).status, 201);
    page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US', colorScheme: 'light' });
    errors = watchPageErrors(page);
  });
  after(async () => {
    await page?.close();
    await server?.stop();
  });

  const theme = () => page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.documentElement).backgroundColor]);
  const firstRow = () => page.locator('.register-row, [role="row"]').filter({ hasText: 'Salary' }).first();

  it("follows the system's theme, then the one chosen; axe is clean in both", async () => {
    await page.goto(`${server.baseUrl}/app/settings`);
    await page.getByRole('heading', { name: 'Display' }).waitFor();
    assert.deepEqual(await theme(), ['light', 'rgb(255, 255, 255)']);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The page hears of the device's change by an event of its own: wait for it, then look.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.deepEqual(await theme(), ['dark', 'rgb(22, 24, 27)'], 'system: follows the device as it changes');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.getByLabel('Theme').selectOption('dark');
    assert.deepEqual(await theme(), ['dark', 'rgb(22, 24, 27)'], 'dark, although the device is light');
    assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', 'Settings in dark');
    await screenshot(page, 'settings-display-dark-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'settings-display-dark-390');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.getByRole('heading', { name: 'Display' }).waitFor();
    assert.deepEqual(await theme(), ['dark', 'rgb(22, 24, 27)'], 'kept across a reload');
    assert.equal(await page.getByLabel('Theme').inputValue(), 'dark');
  });

  it('writes amounts and dates in the chosen locale and style, on every screen', async () => {
    await page.goto(`${server.baseUrl}/app/`);
    await firstRow().waitFor();
    assert.match((await firstRow().textContent()) ?? '', /\+1,234\.50/);
    assert.match((await firstRow().textContent()) ?? '', /Mar 12, 2024|12 Mar 2024/);
    await page.goto(`${server.baseUrl}/app/settings`);
    await page.getByLabel('Numbers and dates').selectOption('de-DE');
    await page.getByLabel('Dates in lists').selectOption('iso');
    await page.goto(`${server.baseUrl}/app/`);
    await firstRow().waitFor();
    const text = (await firstRow().textContent()) ?? '';
    assert.match(text, /\+1\.234,50/, text);
    assert.match(text, /2024-03-12/, text);
    assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', 'the register in dark');
    await screenshot(page, 'register-dark-de-iso-1440');
    // The keyboard shortcuts dialog, its Close button included, passes contrast in dark.
    await page.locator('body').press('?');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', 'the shortcuts dialog in dark');
    await screenshot(page, 'shortcuts-dark-1440');
    await dialog.getByRole('button', { name: 'Close' }).click();
    assert.deepEqual(errors, []);
  });
});
