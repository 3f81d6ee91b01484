/// <reference lib="dom" />
// page.evaluate() callbacks run in the page: the browser globals they use are typed by the DOM library.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, browserSkipReason, browserSuite, DESKTOP, PHONE, screenshot, signIn, watchPageErrors } from '../support/browser.js';
import { answered } from '../support/answered.js';
import { runCli, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

/**
 * The Import screen in real Chromium against `moneta serve` on temporary SQLite files: a dry run's
 * report row by row (new, already there, invalid) with the matched row, the import, Undo from the
 * history checked through the API, errors beside their fields, a too-large file, the first run's
 * way in, a read-only token, axe and both widths.
 */
const skip = browserSkipReason() ?? false;

/** Imported before the test: the row the statement's second line repeats. Its text looks like HTML and must stay text. */
const EARLIER = 'Date,Description,Amount\n2024-03-01,Bakery <b>Sonnenschein</b>,-4.20\n';

/** One row of each kind: already there (line 2), new (line 3), invalid (line 4: no such day). */
const THREE_KINDS = 'Date,Description,Amount\n2024-03-01,Bakery <b>Sonnenschein</b>,-4.20\n2024-03-02,Bookshop Seitenweise,-12.00\n2024-02-30,Cinema Lumière,-9.50\n';

const count = async (server: SpawnedServer, query = '') => Number((await answered(server, `/transactions?limit=0${query}`)).headers.get('x-total-count'));

/** axe, a screenshot and nothing wider than the screen, at 1440 px and at 390 px. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1440`);
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', `${name} at 1440 px`);
  await page.setViewportSize(PHONE);
  await page.getByRole('navigation').waitFor();
  await screenshot(page, `${name}-390`);
  assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', `${name} at 390 px`);
  const overflow = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > innerWidth + 1).map((element) => element.className || element.tagName));
  assert.deepEqual(overflow, [], `${name}: nothing wider than the phone`);
  await page.setViewportSize(DESKTOP);
}

/** A store with the bank `ing` and EARLIER imported into it; the statement files beside it. */
async function storeWithEarlierImport(folder: string, name: string): Promise<{ db: string; statement: string }> {
  const db = join(folder, `${name}.db`);
  const earlier = join(folder, `${name}-earlier.csv`);
  const statement = join(folder, 'march.csv');
  await writeFile(earlier, EARLIER);
  await writeFile(statement, THREE_KINDS);
  assert.equal((await runCli(['banks', 'add', 'ing', 'ING', '--db', db])).code, 0);
  assert.equal((await runCli(['import', earlier, '--bank', 'ing', '--db', db])).code, 0);
  return { db, statement };
}

describe('the Import screen in Chromium', { skip }, () => {
  const suite = browserSuite('moneta-import-');

  it('a server that answers the import 202 with a job (--import-answer-time 0): the screen polls the job and shows the report as ever', async () => {
    const store = await storeWithEarlierImport(suite.folder, 'jobs');
    const server = await spawnServer(['--db', store.db, '--import-answer-time', '0'], {}, { stopAfterTest: false });
    const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    try {
      const errors = watchPageErrors(page);
      await page.goto(`${server.baseUrl}/app/import`);
      await page.getByLabel('Statement file').setInputFiles(store.statement);
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await page.getByRole('button', { name: /^Check the file/ }).click();
      await page.locator('.report-summary', { hasText: '1 new · 1 already there · 1 invalid' }).waitFor();
      assert.ok(server.output.some((line) => /"status":202/.test(line) && /"url":"\/imports\?/.test(line)), 'the import was answered 202');
      assert.ok(server.output.some((line) => /"url":"\/import-jobs\//.test(line)), 'the screen read the job');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
      await server.stop();
    }
  });

  describe('on a store with an earlier import', () => {
    let server: SpawnedServer;
    let page: Page;
    let errors: string[];
    let statement: string;
    let bakeryId: number;

    before(async () => {
      const store = await storeWithEarlierImport(suite.folder, 'imports');
      statement = store.statement;
      server = await spawnServer(['--db', store.db], {}, { stopAfterTest: false });
      bakeryId = ((await answered(server, '/transactions')).body as Array<{ id: number }>)[0]!.id;
      page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      errors = watchPageErrors(page);
    });
    after(async () => {
      await page.close();
      await server.stop();
    });

    it('a dry run reports each row (new, already there with the rule, invalid with line and reason) and writes nothing; the duplicate shows the row it matched', async () => {
      await page.goto(`${server.baseUrl}/app/`);
      await page.getByRole('navigation').getByRole('link', { name: 'Import' }).click();
      await page.waitForURL(/\/app\/import$/);
      await page.getByLabel('Statement file').setInputFiles(statement);
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await checkBothWidths(page, 'import');

      await page.getByRole('button', { name: /^Check the file/ }).click();
      await page.locator('.report-summary', { hasText: '1 new · 1 already there · 1 invalid' }).waitFor();
      // The summary is a heading of its own, under the step's: a screen reader's heading list finds it.
      assert.equal(await page.getByRole('heading', { level: 3, name: '1 new · 1 already there · 1 invalid' }).count(), 1);
      assert.match((await page.locator('.import-report').textContent()) ?? '', /Read as CSV from march\.csv, into ING/);
      const rows = page.locator('.report-rows tbody tr[data-status]');
      assert.deepEqual(await rows.evaluateAll((each) => each.map((row) => [row.children[0]!.textContent, (row as HTMLElement).dataset.status])), [
        ['2', 'duplicate'],
        ['3', 'added'],
        ['4', 'invalid'],
      ]);
      assert.match((await rows.nth(0).textContent()) ?? '', new RegExp(`Already there as #${bakeryId} \\(same date, amount and description\\)`));
      assert.match((await rows.nth(2).textContent()) ?? '', /2024-02-30/);
      // Each row as read: date, description and amount as the register shows them; an invalid row, the record's text.
      const cells = (selector: string) => rows.evaluateAll((each, css) => each.map((row) => row.querySelector(css)?.textContent ?? null), selector);
      assert.deepEqual(await cells('.row-date'), ['Mar 1, 2024', 'Mar 2, 2024', null]);
      assert.deepEqual(await cells('.row-description'), ['Bakery <b>Sonnenschein</b>', 'Bookshop Seitenweise', null]);
      assert.deepEqual(await cells('.row-amount'), ['-4.20', '-12.00', null]);
      assert.equal(await rows.nth(2).locator('.raw-record').textContent(), '2024-02-30,Cinema Lumière,-9.50', 'the invalid row as the file has it');
      assert.equal(await page.locator('.report-rows b').count(), 0, 'text from the file is never HTML');
      assert.equal(await count(server), 1, 'a dry run writes nothing');

      await rows.nth(0).getByRole('button', { name: `Show #${bakeryId}, the transaction line 2 matches` }).click();
      const matched = page.locator(`.matched-row[data-matched-id="${bakeryId}"]`);
      await matched.waitFor();
      assert.equal(await page.locator('.report-rows tbody tr').nth(1).getAttribute('class'), 'matched-line', 'shown under the duplicate row');
      assert.equal(await matched.locator('.matched-description').textContent(), 'Bakery <b>Sonnenschein</b>', 'the description as text');
      assert.equal(await page.locator('.matched b').count(), 0, 'never rendered as HTML');
      assert.match((await matched.textContent()) ?? '', /-4\.20.*ING/);

      await page.getByLabel('Rows to show').selectOption('invalid');
      assert.equal(await rows.count(), 1);
      await page.getByLabel('Rows to show').selectOption('all');
      await checkBothWidths(page, 'import-report');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'import-report-dark-1440');
      assert.equal(JSON.stringify(await axeViolations(page), null, 2), '[]', 'dark mode');
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('imports the new row (skipping the invalid one), links to the register, and Undo in the history takes it out again', async () => {
      const importButton = page.getByRole('button', { name: /^Import 1 new row/ });
      assert.equal(await importButton.isDisabled(), true, 'a file with an invalid row needs the skip choice');
      await page.locator('#check-title').focus();
      await page.keyboard.press('i');
      await page.getByLabel('Skip the invalid rows').check();
      assert.equal(await count(server), 1, 'i did nothing while the import was not allowed');
      await page.keyboard.press('i');
      await page.getByRole('heading', { name: 'Done' }).waitFor();
      await page.locator('.report-summary', { hasText: '1 added · 1 already there · 1 invalid' }).waitFor();
      assert.equal(await count(server), 2);
      const history = (await answered(server, '/imports')).body as Array<{ id: number; fileName: string; added: number }>;
      assert.deepEqual(history.map((entry) => [entry.fileName, entry.added]), [
        ['march.csv', 1],
        ['imports-earlier.csv', 1],
      ]);
      await page.locator(`.import-history li[data-import-id="${history[0]!.id}"]`, { hasText: 'march.csv' }).waitFor();

      await page.locator('a[href="/app/?bank=ing&from=2024-03-02&to=2024-03-02"]').waitFor();
      await screenshot(page, 'import-done-1440');
      await page.getByRole('link', { name: 'Show ING on the imported dates in the register' }).click();
      await page.waitForURL((url) => url.pathname === '/app/' && url.search === '?bank=ing&sort=-date&from=2024-03-02&to=2024-03-02');
      await page.locator('.status-bar .count', { hasText: /^1 row/ }).waitFor();
      await page.locator('.body .row .c-description', { hasText: 'Bookshop Seitenweise' }).waitFor();

      await page.getByRole('navigation').getByRole('link', { name: 'Import' }).click();
      await page.getByRole('button', { name: `Undo import ${history[0]!.id} (march.csv)` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('The 1 transaction it added').waitFor();
      await dialog.getByRole('button', { name: 'Undo import' }).click();
      await page.getByRole('status').filter({ hasText: 'Undone: 1 transaction from march.csv moved to the trash' }).waitFor();
      assert.equal(await count(server), 1);
      assert.equal((await answered(server, '/transactions?description=Bookshop')).status, 204, 'the imported row is gone from the register');
      await page.locator(`.import-history li[data-import-id="${history[0]!.id}"]`, { hasText: 'Undone: its rows are in the trash' }).waitFor();
      const detail = (await answered(server, `/imports/${history[0]!.id}`)).body as { inList: number; inTrash: number };
      assert.deepEqual([detail.inList, detail.inTrash], [0, 1]);
      // A reload reads the history again: still undone, and no Undo to press a second time.
      await page.reload();
      await page.locator(`.import-history li[data-import-id="${history[0]!.id}"]`, { hasText: 'Undone: its rows are in the trash' }).waitFor();
      assert.equal(await page.getByRole('button', { name: `Undo import ${history[0]!.id} (march.csv)` }).count(), 0, 'no Undo after a reload');

      await page.getByRole('navigation').getByRole('link', { name: 'Register' }).click();
      await page.locator('.status-bar .count', { hasText: '1 row' }).waitFor();
      assert.equal(await page.locator('.body .row .c-description', { hasText: 'Bookshop' }).count(), 0);
    });

    it('a dropped file is the statement; errors sit beside the field they name: a profile that is not built in, a bank id taken; a new bank is created and chosen', async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Import' }).click();
      const dropped = await page.evaluateHandle((text) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
        return transfer;
      }, THREE_KINDS);
      await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
      await page.locator('.chosen-file', { hasText: 'dropped.csv' }).waitFor();
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await page.getByText('Format, CSV profile and date format (optional)').click();
      await page.getByLabel('CSV profile').fill('no-such-profile');
      // Out of the fields (the next one is a select, where a letter picks an option), then the key.
      await page.getByLabel('CSV profile').blur();
      await page.keyboard.press('c');
      await page.locator('#import-profile-error').waitFor();
      assert.equal(await page.getByLabel('CSV profile').getAttribute('aria-invalid'), 'true');
      await page.getByLabel('CSV profile').fill('');

      await page.getByRole('button', { name: 'Add a new bank' }).click();
      await page.getByLabel('Bank name').fill('ING');
      assert.equal(await page.getByLabel('Short id (kept for good)').inputValue(), 'ing', 'the id is proposed from the name');
      await page.getByRole('button', { name: 'Add bank' }).click();
      await page.locator('#new-bank-id-error', { hasText: 'exists already' }).waitFor();
      await page.getByLabel('Bank name').fill('Sparkasse Köln');
      await page.getByLabel('Short id (kept for good)').fill('sparkasse-koeln');
      await page.getByRole('button', { name: 'Add bank' }).click();
      await page.waitForFunction(() => (document.getElementById('import-bank') as HTMLSelectElement | null)?.value === 'sparkasse-koeln');
      const banks = (await answered(server, '/banks')).body as Array<{ id: string; name: string }>;
      assert.ok(banks.some((bank) => bank.id === 'sparkasse-koeln' && bank.name === 'Sparkasse Köln'));
      await page.getByRole('button', { name: /^Check the file/ }).click();
      await page.locator('.report-summary', { hasText: '2 new · 1 invalid' }).waitFor();
      assert.match((await page.locator('.import-report').textContent()) ?? '', /from dropped\.csv, into Sparkasse Köln/);
    });

    it('CSV choices (issue 27 item 3): ambiguous dates are named beside the date format, which settles them; a profile file of ones own reads an unknown layout', async () => {
      const us = join(suite.folder, 'us.csv');
      await writeFile(us, 'Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/04/2024,Books,-12.00\n');
      await page.goto(`${server.baseUrl}/app/import`);
      await page.getByLabel('Statement file').setInputFiles(us);
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await page.getByRole('button', { name: /^Check the file/ }).click();
      const dateError = page.locator('#import-date-format-error');
      await dateError.waitFor();
      assert.match((await dateError.textContent()) ?? '', /could be DD\/MM\/YYYY or MM\/DD\/YYYY/);
      assert.equal(await page.getByLabel('Date format (CSV)').getAttribute('aria-invalid'), 'true');
      await screenshot(page, 'import-date-format-1440');
      await page.getByLabel('Date format (CSV)').selectOption('MM/DD/YYYY');
      await page.getByRole('button', { name: /^Check the file/ }).click();
      await page.locator('.report-summary', { hasText: '2 new' }).waitFor();
      assert.deepEqual(await page.locator('.report-rows tbody tr[data-status] td[title]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title'))), ['2024-01-02', '2024-03-04']);

      const own = join(suite.folder, 'own.csv');
      await writeFile(own, 'When;What;How much\n28.11.2026;Bäckerei Müller;-3,20\n');
      const profileFile = join(suite.folder, 'my-bank.json');
      await writeFile(profileFile, JSON.stringify({ name: 'my-bank', columns: { date: 'When', description: 'What', amount: 'How much' }, dateFormat: 'DD.MM.YYYY', decimalSeparator: ',' }));
      await page.goto(`${server.baseUrl}/app/import`);
      await page.getByLabel('Statement file').setInputFiles(own);
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await page.locator('summary', { hasText: 'Format, CSV profile and date format' }).click();
      await page.getByLabel('A profile file of your own (CSV)').setInputFiles(profileFile);
      await page.getByRole('button', { name: /^Check the file/ }).click();
      await page.locator('.report-summary', { hasText: '1 new' }).waitFor();
      assert.match((await page.locator('.import-report').textContent()) ?? '', /Bäckerei Müller/);
      await screenshot(page, 'import-own-profile-1440');
      // The next test goes on from a fresh form.
      await page.goto(`${server.baseUrl}/app/import`);
    });

    it('a large report is shown a page at a time, never all its rows at once', async () => {
      const large = join(suite.folder, 'large.csv');
      const lines = Array.from({ length: 1500 }, (_, index) => `2024-04-${String((index % 28) + 1).padStart(2, '0')},Shop number ${index},-${(index % 90) + 1}.00`);
      await writeFile(large, `Date,Description,Amount\n${lines.join('\n')}\n`);
      await page.getByLabel('Statement file').setInputFiles(large);
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await page.getByRole('button', { name: /Check/ }).click();
      await page.locator('.report-summary', { hasText: '1,500 new' }).waitFor();
      await page.getByText('The report lists the first 1,000 rows of the file').waitFor();
      const rows = page.locator('.report-rows tbody tr[data-status]');
      assert.equal(await rows.count(), 100);
      await page.getByText('Rows 1–100 of 1,000').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Rows 101–200 of 1,000').waitFor();
      assert.equal(await rows.first().locator('td').first().textContent(), '102', 'line 102 is the 101st row');
      assert.equal(await rows.count(), 100);
    });

    it('a row in conflict is a row to import: the button counts it, imports it, and its import can be undone (issue 27 item 2)', async () => {
      const ofx = (amount: string) =>
        `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:UTF-8\nCHARSET:NONE\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n` +
        `<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM>` +
        `<BANKTRANLIST><DTSTART>20240301<DTEND>20240331<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240310<TRNAMT>${amount}<FITID>K-77<NAME>Kiosk am Markt</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
      const first = join(suite.folder, 'kiosk-first.ofx');
      const again = join(suite.folder, 'kiosk-again.ofx');
      await writeFile(first, ofx('-5.00'));
      await writeFile(again, ofx('-6.00'));
      const importFile = async (file: string, summary: string) => {
        await page.goto(`${server.baseUrl}/app/import`);
        await page.getByLabel('Statement file').setInputFiles(file);
        await page.getByLabel('The bank it comes from').selectOption('ing');
        await page.getByRole('button', { name: /^Check the file/ }).click();
        await page.locator('.report-summary', { hasText: summary }).waitFor();
      };
      await importFile(first, '1 new');
      await page.getByRole('button', { name: /^Import 1 new row/ }).click();
      await page.getByRole('heading', { name: 'Done' }).waitFor();
      const before = await count(server);

      // The same bank id (FITID) with another amount: not a duplicate, a transaction of its own.
      await importFile(again, '0 new · 1 in conflict');
      const button = page.getByRole('button', { name: /^Import 1 new row/ });
      assert.equal(await button.isDisabled(), false, 'a conflict row can be imported');
      assert.equal(await page.getByText('Nothing new to import.').count(), 0);
      await button.click();
      await page.getByRole('heading', { name: 'Done' }).waitFor();
      assert.equal(await count(server), before + 1);
      await page.getByRole('button', { name: 'Undo this import' }).click();
      await page.getByRole('dialog').getByText('The 1 transaction it added').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
      await page.getByRole('status').filter({ hasText: 'Undone: 1 transaction from kiosk-again.ofx moved to the trash' }).waitFor();
      assert.equal(await count(server), before);
    });

    it('ran under the CSP without a single violation or script error', () => {
      assert.deepEqual(errors, []);
    });
  });

  describe('with a small import limit', () => {
    it('a file above the limit is refused, and the page says so in words beside the file', async () => {
      const db = join(suite.folder, 'limit.db');
      assert.equal((await runCli(['banks', 'add', 'ing', 'ING', '--db', db])).code, 0);
      const big = join(suite.folder, 'big.csv');
      await writeFile(big, `Date,Description,Amount\n${'2024-03-01,Coffee,-3.00\n'.repeat(200)}`);
      const server = await spawnServer(['--db', db, '--import-limit', '1024']);
      await answered(server, '/app/');
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      await page.goto(`${server.baseUrl}/app/import`);
      await page.getByLabel('Statement file').setInputFiles(big);
      await page.getByLabel('The bank it comes from').selectOption('ing');
      await page.getByRole('button', { name: /^Check the file/ }).click();
      await page.locator('#import-file-error', { hasText: 'This file is too large: Moneta accepts statements up to its import limit of 1 KiB' }).waitFor();
      assert.equal(await count(server), 0);
      await page.close();
    });
  });

  describe('on an empty store', () => {
    it('the first run offers "Import a statement", which opens the Import screen', async () => {
      const server = await spawnServer(['--db', join(suite.folder, 'empty.db')]);
      await answered(server, '/app/');
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      await page.goto(`${server.baseUrl}/app/`);
      await page.getByRole('button', { name: /Import a statement/ }).click();
      await page.waitForURL(/\/app\/import$/);
      await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
      await page.getByLabel('Statement file').waitFor();
      await page.getByText('No files imported yet.').waitFor();
      await page.close();
    });
  });

  describe('with a read-only token', () => {
    it('shows the history with no import or undo controls', async () => {
      const { db } = await storeWithEarlierImport(suite.folder, 'read-only');
      const token = (await runCli(['tokens', 'create', 'phone', '--read-only', '--db', db])).stdout.trim();
      const server = await spawnServer(['--db', db]);
      await answered(server, '/healthz');
      const page = await suite.browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
      await page.goto(`${server.baseUrl}/app/import`);
      await signIn(page, token);
      await page.locator('.import-history li', { hasText: 'read-only-earlier.csv' }).waitFor();
      await page.getByText('This token is read-only: it can see the imported files').waitFor();
      assert.equal(await page.getByLabel('Statement file').count(), 0);
      assert.equal(await page.getByRole('button', { name: /Undo|Check|Import/ }).count(), 0, 'no import or undo controls');
      await checkBothWidths(page, 'import-read-only');
      await page.close();
    });
  });
});
