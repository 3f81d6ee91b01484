import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { answered } from '../support/answered.js';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, servedDemo, watchPageErrors } from '../support/browser.js';
import type { SpawnedServer } from '../support/spawned-server.js';

/**
 * Issue 26: the Reports page degrades section by section (a section that fails shows its own
 * error and a retry; the others stay; it asks again by itself, backing off and never sooner
 * than Retry-After), and the register opens newest first, with the order in the URL and a sort
 * mark on the Date column.
 */
const skip = browserSkipReason() ?? false;
const money = (value: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value);

describe('reports section by section, the register newest first (Chromium)', { skip }, () => {
  const suite = browserSuite('moneta-speed-');
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

  it('a busy payees report shows its own error and retry, backing off; the other sections stay drawn', async () => {
    const asked = { payees: 0, totals: 0 };
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path === '/reports/payees') asked.payees += 1;
      if (path === '/reports/totals') asked.totals += 1;
    });
    const payeesReport = (url: URL) => url.pathname === '/reports/payees';
    await page.route(payeesReport, (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'the store is busy', errors: [] }),
      }),
    );
    await page.goto(`${server.baseUrl}/app/reports`);
    const totals = (await answered(server, '/reports/totals')).body as { net: number };
    await page.locator('[data-total="net"]', { hasText: money(totals.net) }).waitFor();
    const payees = page.getByRole('region', { name: 'Top payees' });
    // Retry-After says 1 s; the section waits 3 s, then doubles the wait after each failure.
    const alert = payees.getByRole('alert');
    await alert.filter({ hasText: /^Could not be read: the store is busy\. Asking again in \d+ s\./ }).waitFor();
    const waits = async () => Number(/in (\d+) s/.exec((await alert.textContent()) ?? '')?.[1]);
    const first = await waits();
    assert.ok([3, 6, 12].includes(first), `first wait ${first} s`);
    await page.getByRole('region', { name: 'Spending by category' }).locator('a').first().waitFor();
    await page.locator('.period-chart').waitFor();
    await payees.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-section-failed-1440');
    assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]');
    await page.setViewportSize(PHONE);
    await payees.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-section-failed-390');
    await page.setViewportSize(DESKTOP);
    await alert.filter({ hasText: `Asking again in ${first * 2} s.` }).waitFor({ timeout: 30_000 });
    assert.ok(asked.payees >= 2, `payees asked ${asked.payees} times`);

    const totalsBefore = asked.totals;
    await page.unroute(payeesReport);
    await payees.getByRole('button', { name: 'Try again' }).click();
    await payees.getByRole('table').waitFor();
    assert.equal(asked.totals, totalsBefore, 'the sections that had answered were not asked again');
    assert.deepEqual(errors, []);
  });

  it('the register opens newest first: the URL names the order and the Date column shows it', async () => {
    await page.goto(`${server.baseUrl}/app/`);
    await page.waitForURL((url) => url.searchParams.get('sort') === '-date');
    const mark = page.locator('[role="columnheader"][aria-sort="descending"]');
    await mark.filter({ hasText: 'Date' }).waitFor();
    assert.equal(await mark.locator('.sort-mark').textContent(), '▼');
    const newest = ((await answered(server, '/transactions?sort=-date&limit=1')).body as Array<{ date: string }>)[0]!;
    const first = page.locator('.body .row:not(.placeholder):not(.stale)').first();
    await first.locator('.c-date').waitFor();
    assert.equal(await first.locator('.c-date').getAttribute('title'), newest.date);
    await screenshot(page, 'register-newest-first-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'register-newest-first-390');
    await page.setViewportSize(DESKTOP);
  });
});
