import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectFile } from '../../src/project-root.js';
import { runCli, spawnServer, type SpawnedServer } from './spawned-server.js';

/**
 * The browser and a scratch folder of one suite: the app built and Chromium launched before its
 * tests, both closed and removed after them. Read them in hooks and tests, not at definition time.
 */
export function browserSuite(folderPrefix: string): { readonly browser: Browser; readonly folder: string } {
  const suite: { browser?: Browser; folder?: string } = {};
  before(async () => {
    await buildWebApp();
    suite.browser = await launchBrowser();
    suite.folder = await mkdtemp(join(tmpdir(), folderPrefix));
  });
  after(async () => {
    await suite.browser?.close();
    if (suite.folder !== undefined) await rm(suite.folder, { recursive: true, force: true });
  });
  return {
    get browser() {
      if (!suite.browser) throw new Error('the browser is launched in the suite\'s before hook');
      return suite.browser;
    },
    get folder() {
      if (suite.folder === undefined) throw new Error('the folder is made in the suite\'s before hook');
      return suite.folder;
    },
  };
}

/** Debian's chromium package; a browser is never downloaded. */
export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null. With MONETA_REQUIRE_BROWSER=1 (CI) a missing browser fails instead. */
export function browserSkipReason(): string | null {
  if (existsSync(CHROMIUM)) return null;
  const reason = `${CHROMIUM} is missing: install it with \`apt-get install -y chromium\` (the browser tests never download one)`;
  if (process.env.MONETA_REQUIRE_BROWSER === '1') throw new Error(`MONETA_REQUIRE_BROWSER=1 but ${reason}`);
  console.warn(`SKIPPING the web app's browser tests: ${reason}`);
  return reason;
}

/**
 * Chromium headless, quiet (no background networking, updates or sync), in a fresh profile
 * (playwright makes a temporary user-data-dir per launch). The caller closes it.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return browser;
}

/**
 * Builds web/ into dist/web, so the server under test serves the source as it is now. Skipped
 * when the test runner has built it once already for the whole run (MONETA_WEB_BUILT=1, set by
 * scripts/run-tests.mjs): suites run two at a time, and a build in one suite's `before` empties
 * dist/web while another suite's page is loading its files (a stylesheet answered 404 as JSON,
 * an app that never starts).
 */
export async function buildWebApp(): Promise<void> {
  if (process.env.MONETA_WEB_BUILT === '1') return;
  await promisify(execFile)(process.execPath, [projectFile('node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: projectFile('.'),
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Fills the sign-in form with `token` and presses Sign in (the caller waits for what follows). */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.getByLabel('API token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Saves a screenshot under test-results/screenshots (git-ignored) to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = projectFile('test-results/screenshots');
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

/** Every Content-Security-Policy violation and uncaught error the page reports. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string; help: string; nodes: string[] }>> {
  // Evaluated through the DevTools protocol: a <script> tag would (rightly) be refused by the CSP.
  await page.evaluate(await readFile(projectFile('node_modules/axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact ?? '', help: violation.help, nodes: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
}

/** A `moneta serve` on a new store `demo.db` in `folder` holding the demo data, answering the app; stopped by the caller. */
export async function servedDemo(folder: string): Promise<SpawnedServer> {
  const db = join(folder, 'demo.db');
  const demo = await runCli(['demo', '--db', db]);
  if (demo.code !== 0) throw new Error(`moneta demo failed: ${demo.stderr}`);
  const server = await spawnServer(['--db', db], {}, { stopAfterTest: false });
  const app = await fetch(`${server.baseUrl}/app/`);
  if (app.status !== 200) throw new Error(`GET /app/ answered ${app.status}`);
  return server;
}

/** A `moneta serve` on a new store in `folder` holding the demo data and a read-only token (named `phone`). */
export async function servedDemoWithReadOnlyToken(folder: string): Promise<{ server: SpawnedServer; readOnly: string }> {
  const db = join(folder, 'tokens.db');
  const demo = await runCli(['demo', '--db', db]);
  if (demo.code !== 0) throw new Error(`moneta demo failed: ${demo.stderr}`);
  const readOnly = (await runCli(['tokens', 'create', 'phone', '--read-only', '--db', db])).stdout.trim();
  return { server: await spawnServer(['--db', db], {}, { stopAfterTest: false }), readOnly };
}
