/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, watchPageErrors } from '../support/browser.js';
import { request, runCli, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

/**
 * Splitting in real Chromium against `moneta serve` (issue 24): the category picker's "Split into
 * lines…", the editor showing what is left as amounts are typed and saving only when nothing is,
 * the register showing the lines in place, and the API agreeing; at 1440 and 390 px.
 */
const skip = browserSkipReason() ?? false;

const rows = (page: Page) => page.locator('.body .row:not(.placeholder):not(.stale)');

describe('splitting in the register, in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-splits-');
  let server: SpawnedServer;
  let errors: string[] = [];

  before(async () => {
    const db = join(suite.folder, 'splits.db');
    assert.equal((await runCli(['demo', '--db', db])).code, 0);
    server = await spawnServer(['--db', db], {}, { stopAfterTest: false });
  });
  after(async () => server.stop());

  async function open(page: Page): Promise<{ id: number; value: number; description: string }> {
    const [first] = (await request(server.baseUrl, 'GET', '/transactions?sort=id&limit=1&maxValue=-10')).body as Array<{ id: number; value: number; description: string }>;
    assert.ok(first);
    await page.goto(`${server.baseUrl}/app/?sort=id&maxValue=-10`);
    await rows(page).first().waitFor();
    await page.getByRole('grid').focus();
    return first;
  }

  it('splits the cursor row from the picker, shows the remainder as amounts are typed, and the lines in place', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    errors = watchPageErrors(page);
    const first = await open(page);
    await page.keyboard.press('c');
    await page.getByRole('option', { name: 'Split into lines…' }).click();
    const editor = page.getByRole('dialog', { name: /^Split/ });
    await editor.waitFor();
    // The value starts on one line: nothing is left.
    await editor.getByRole('status').filter({ hasText: 'The lines add up to the value.' }).waitFor();
    const half = Math.round(first.value * 50) / 100;
    await editor.getByLabel('Line 1 amount').fill(String(half));
    await editor.getByLabel('Line 1 category').fill('Groceries');
    const left = Math.round((first.value - half) * 100) / 100;
    const shownLeft = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(left);
    await editor.getByRole('status').filter({ hasText: `Left to split: ${shownLeft}` }).waitFor();
    assert.equal(await editor.getByRole('button', { name: 'Save split' }).isDisabled(), true, 'not saved while something is left');
    await editor.getByLabel('Line 2 amount').fill(String(left));
    await editor.getByLabel('Line 2 category').fill('Household');
    await editor.getByLabel('Line 2 memo').fill('bulbs <b>not bold</b>');
    await editor.getByRole('status').filter({ hasText: 'The lines add up to the value.' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'splits-editor-1440');
    await editor.getByRole('button', { name: 'Save split' }).click();
    await editor.waitFor({ state: 'detached' });

    const split = (await request(server.baseUrl, 'GET', `/splits/${first.id}`)).body as { lines: unknown[] };
    assert.deepEqual(split.lines, [{ amount: half, category: 'Groceries' }, { amount: left, category: 'Household', memo: 'bulbs <b>not bold</b>' }]);
    const inPlace = rows(page).first().locator('.split-lines');
    await inPlace.filter({ hasText: 'Groceries' }).filter({ hasText: 'Household' }).waitFor();
    assert.match(String(await inPlace.getAttribute('title')), /^Groceries -[\d,.]+ · Household -[\d,.]+ \(bulbs <b>not bold<\/b>\)$/, 'every line, the memo as text');
    await screenshot(page, 'splits-register-1440');

    // Enter on a split row opens its lines; Remove split takes them away.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Enter');
    await editor.waitFor();
    assert.equal(await editor.getByLabel('Line 2 memo').inputValue(), 'bulbs <b>not bold</b>');
    await editor.getByRole('button', { name: 'Remove split' }).click();
    await editor.waitFor({ state: 'detached' });
    assert.equal((await request(server.baseUrl, 'GET', `/splits/${first.id}`)).status, 404);
    await rows(page).first().locator('.split-lines').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('on a phone: the editor fits 390 px and saves', async () => {
    const page = await suite.browser.newPage({ viewport: PHONE, locale: 'en-US', hasTouch: true, isMobile: true });
    errors = watchPageErrors(page);
    const first = await open(page);
    await rows(page).first().locator('.c-category button').click();
    await page.getByRole('option', { name: 'Split into lines…' }).click();
    const editor = page.getByRole('dialog', { name: /^Split/ });
    await editor.waitFor();
    await editor.getByLabel('Line 1 amount').fill(String(first.value + 1));
    await editor.getByLabel('Line 2 amount').fill('-1');
    await editor.getByLabel('Line 2 category').fill('Fees');
    await editor.getByRole('status').filter({ hasText: 'The lines add up to the value.' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scroll (${width} px)`);
    await screenshot(page, 'splits-editor-390');
    await editor.getByRole('button', { name: 'Save split' }).click();
    await editor.waitFor({ state: 'detached' });
    await rows(page).first().locator('.split-lines').filter({ hasText: 'Fees' }).waitFor();
    await screenshot(page, 'splits-register-390');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
