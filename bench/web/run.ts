/// <reference lib="dom" />
/**
 * `npm run bench:web`: the web app in Chromium on the 1,000,000-row bench store (bench/dataset.ts),
 * against `moneta serve` built from this tree. Not a test: it prints each figure with its target
 * and a baseline measured in the same run (the raw API call for the same data, from the page).
 * BENCH_ROWS changes the store's size; BENCH_TRIES the number of search keystrokes (50).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectFile } from '../../src/project-root.js';
import { buildWebApp, DESKTOP, launchBrowser } from '../../test/support/browser.js';
import { cachedSqliteFile, workingCopy } from '../dataset.js';
import { freePort, startProcess } from '../processes.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const TRIES = Number(process.env.BENCH_TRIES ?? 50);
const log = (line: string) => process.stderr.write(`${line}\n`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  await buildWebApp();
  const db = workingCopy(await cachedSqliteFile(ROWS, log), `web-${ROWS}.db`);
  const port = await freePort();
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--db', db, '--port', String(port), '--workers', '1'],
    port,
    '/transactions?limit=0',
    { cwd: projectFile('.') },
  );
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    // tsx compiles the evaluate() callbacks below with esbuild's keepNames, which calls __name.
    await page.addInitScript('globalThis.__name = (target) => target;');
    const firstRows = '.body .row:not(.placeholder):not(.stale)';

    // 1. Navigation to the first rows visible (a cold page; the server already warm).
    await page.goto(`${server.url}/app/`);
    await page.locator(firstRows).first().waitFor({ timeout: 60_000 });
    const navigations: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = Date.now();
      await page.goto(`${server.url}/app/?run=${run}`);
      await page.locator(firstRows).first().waitFor({ timeout: 60_000 });
      navigations.push(Date.now() - started);
    }
    const apiFirstPage = await page.evaluate(async () => {
      const started = performance.now();
      await (await fetch('/transactions?limit=200&offset=0')).text();
      return performance.now() - started;
    });

    // 2. A search keystroke to updated rows: the count line changes to the new total.
    const words = ['ald', 'aldi', 'cof', 'coff', 'tax', 'rent', 'ama', 'amaz', 'spa', 'uber'];
    const search = page.getByRole('searchbox', { name: 'Search descriptions' });
    const keystrokes: number[] = [];
    const apiSearches: number[] = [];
    for (let run = 0; run < TRIES; run += 1) {
      const word = words[run % words.length]!;
      await search.fill(word.slice(0, -1));
      await page.locator(`.grid[data-shown-search="${word.slice(0, -1)}"]`).waitFor();
      const elapsed = await page.evaluate(
        async ({ letter, word }) => {
          const input = document.querySelector<HTMLInputElement>('input[type=search]')!;
          const started = performance.now();
          input.value += letter;
          input.dispatchEvent(new InputEvent('input', { bubbles: true, data: letter }));
          return new Promise<number>((resolve) => {
            const check = () => {
              const shown = document.querySelector<HTMLElement>('.grid')?.dataset.shownSearch;
              if (shown === word && !document.querySelector('.body .row.stale')) resolve(performance.now() - started);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          });
        },
        { letter: word.slice(-1), word },
      );
      keystrokes.push(elapsed);
      apiSearches.push(
        await page.evaluate(async (text) => {
          const started = performance.now();
          await (await fetch(`/transactions?limit=200&offset=0&description=${encodeURIComponent(text)}`)).text();
          return performance.now() - started;
        }, word),
      );
    }

    // 3. Scrolling through 10,000 rows, a screen at a time, each screen's rows loaded.
    await page.goto(`${server.url}/app/`);
    await page.locator(firstRows).first().waitFor();
    const scrolled = await page.evaluate(async () => {
      const box = document.querySelector<HTMLDivElement>('.body')!;
      const rowHeight = 32;
      const started = performance.now();
      while (box.scrollTop < 10_000 * rowHeight) {
        const before = box.scrollTop;
        box.scrollTop += box.clientHeight;
        if (box.scrollTop === before) break;
        await new Promise<void>((resolve) => {
          const check = () => (document.querySelector('.body .row.placeholder') ? requestAnimationFrame(check) : resolve());
          requestAnimationFrame(check);
        });
      }
      return performance.now() - started;
    });

    // 5. An account's register: navigation to its first rows with their running balances (the
    // account holding the most rows), against the API's first page of that register from the page.
    const account = await page.evaluate(async () => {
      const accounts = (await (await fetch('/accounts')).json()) as Array<{ id: number }>;
      let best = { id: accounts[0]?.id ?? 0, rows: -1 };
      for (const each of accounts) {
        const rows = Number((await fetch(`/transactions?limit=0&account=${each.id}`)).headers.get('x-total-count'));
        if (rows > best.rows) best = { id: each.id, rows };
      }
      return best;
    });
    const accountRows = 'table.account-register:not(.stale) tbody tr';
    await page.goto(`${server.url}/app/accounts/${account.id}`);
    await page.locator(accountRows).first().waitFor({ timeout: 60_000 });
    const accountNavigations: number[] = [];
    const apiRegisters: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = Date.now();
      await page.goto(`${server.url}/app/accounts/${account.id}?run=${run}`);
      await page.locator(accountRows).first().waitFor({ timeout: 60_000 });
      accountNavigations.push(Date.now() - started);
      apiRegisters.push(
        await page.evaluate(async (id) => {
          const started = performance.now();
          await (await fetch(`/accounts/${id}/register?limit=100&offset=0`)).text();
          return performance.now() - started;
        }, account.id),
      );
    }
    const accountP50 = percentile(accountNavigations, 50);
    const apiRegisterP50 = percentile(apiRegisters, 50);

    // 6. Issue 26. A jump to the middle of the register newest first (a shared link to a row
    // half way down), to its rows visible; a month typed into the date fields, to the month's
    // rows and count; the Reports page fully drawn (every section) right after a write, so no
    // remembered report answers it (any commit drops them, as an import's does).
    const middle = Math.floor(ROWS / 2);
    const jumps: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = Date.now();
      await page.goto(`${server.url}/app/?sort=-date&row=${middle + run * 1000}`);
      await page.locator(`${firstRows}[aria-rowindex="${middle + run * 1000 + 2}"]`).waitFor({ timeout: 60_000 });
      jumps.push(Date.now() - started);
    }
    const apiMiddle = await page.evaluate(async (offset) => {
      const started = performance.now();
      await (await fetch(`/transactions?sort=-date&limit=200&offset=${offset}`)).text();
      return performance.now() - started;
    }, middle);
    const months: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const month = `2024-0${run + 3}`;
      const count = await page.evaluate(async (month) => Number((await fetch(`/transactions?limit=0&from=${month}-01&to=${month}-28`)).headers.get('x-total-count')), month);
      await page.goto(`${server.url}/app/?sort=-date`);
      await page.locator(firstRows).first().waitFor({ timeout: 60_000 });
      await page.getByLabel('From date').fill(`${month}-01`);
      await page.locator('.status-bar .count').filter({ hasText: / rows?$/ }).waitFor();
      const started = Date.now();
      await page.getByLabel('To date').fill(`${month}-28`);
      await page.locator('.status-bar .count', { hasText: `${count.toLocaleString('en-US')} row` }).waitFor({ timeout: 60_000 });
      await page.locator(firstRows).first().waitFor();
      months.push(Date.now() - started);
    }
    // The other sections drawn (totals, spending, the period chart) and every section (top
    // payees too), or null when payees did not draw within 30 s.
    const reportsOthers: number[] = [];
    const reportsDrawn: Array<number | null> = [];
    for (let run = 0; run < 3; run += 1) {
      await page.evaluate(async (run) => {
        const answer = await fetch(`/transactions/${1 + run}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ category: run % 2 === 0 ? 'Groceries' : 'Coffee' }) });
        if (!answer.ok) throw new Error(`PUT answered ${answer.status}`);
      }, run);
      const started = Date.now();
      await page.goto(`${server.url}/app/reports?run=${run}`);
      await page.locator('[data-total="net"]').waitFor({ timeout: 60_000 });
      await page.locator('.period-chart').waitFor({ timeout: 60_000 });
      await page.getByRole('region', { name: 'Spending by category' }).waitFor({ timeout: 60_000 });
      reportsOthers.push(Date.now() - started);
      const payees = await page
        .locator('table.payees')
        .waitFor({ timeout: 30_000 })
        .then(() => Date.now() - started)
        .catch(() => null);
      reportsDrawn.push(payees);
    }
    const drawn = reportsDrawn.filter((value): value is number => value !== null);

    // 4. What the first screen downloads, gzipped.
    const assets = projectFile('dist/web/assets');
    const gz = (suffix: string) => readdirSync(assets).filter((name) => name.endsWith(suffix)).reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0);
    const html = gzipSync(readFileSync(projectFile('dist/web/index.html'))).length;

    const rows: Array<[string, string, string, string]> = [
      ['navigation to first rows visible, newest first (p50 of 5)', ms(percentile(navigations, 50)), '≤ 500 ms', `API first page ${ms(apiFirstPage)}`],
      [`search keystroke → updated rows, p50 (${TRIES})`, ms(percentile(keystrokes, 50)), '', `API search p50 ${ms(percentile(apiSearches, 50))}`],
      [`search keystroke → updated rows, p95 (${TRIES})`, ms(percentile(keystrokes, 95)), '≤ 150 ms', `API search p95 ${ms(percentile(apiSearches, 95))}`],
      ['scrolling through 10,000 rows (screen by screen, loaded)', ms(scrolled), 'report', `${(10_000 / (scrolled / 1000)).toFixed(0)} rows/s`],
      [
        `account register → first rows, p50 of 5 (${account.rows.toLocaleString('en')} rows)`,
        ms(accountP50),
        '≤ 500 ms',
        `API register page p50 ${ms(apiRegisterP50)}; ×${(accountP50 / Math.max(percentile(navigations, 50), 1)).toFixed(2)} the main register's navigation`,
      ],
      ['jump to the middle, newest first → its rows (p50 of 5)', ms(percentile(jumps, 50)), '≤ 300 ms', `API page at ${middle.toLocaleString('en')} ${ms(apiMiddle)}; max ${ms(Math.max(...jumps))}`],
      ['a month typed in → its rows and count (p50 of 5)', ms(percentile(months, 50)), '≤ 300 ms', `max ${ms(Math.max(...months))}`],
      [
        'Reports fully drawn after a write (p50 of 3)',
        drawn.length === reportsDrawn.length ? ms(percentile(drawn, 50)) : `${reportsDrawn.length - drawn.length} of 3 not in 30 s`,
        '≤ 1 s',
        `the other sections p50 ${ms(percentile(reportsOthers, 50))}, max ${ms(Math.max(...reportsOthers))}`,
      ],
      ['gzipped JS of the first screen', kb(gz('.js')), '≤ 150 KB', `index.html ${kb(html)}`],
      ['gzipped CSS', kb(gz('.css')), 'report', ''],
    ];
    console.log(`web app on ${ROWS.toLocaleString('en')} rows (SQLite, 1 worker)`);
    for (const [what, figure, target, baseline] of rows) console.log(`${what.padEnd(58)} ${figure.padStart(10)}  ${target.padEnd(9)} ${baseline}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
