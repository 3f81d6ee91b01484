#!/usr/bin/env node
// `npm run screenshots`: runs the browser suites (they save every screenshot under the git-ignored
// test-results/screenshots), then copies the ones the README and docs/ show into docs/screenshots.
// Tests never write into docs/: a test run leaves the tracked tree as it was.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const suites = readdirSync('test/web')
  .filter((name) => name.endsWith('.browser.test.ts'))
  .map((name) => join('test/web', name));
const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', ...suites], { stdio: 'inherit', env: { ...process.env, MONETA_REQUIRE_BROWSER: '1' } });
if (run.status !== 0) {
  console.error('screenshots: the browser suites failed; docs/screenshots left as it was');
  process.exit(run.status ?? 1);
}

/** Every docs/screenshots/*.png the README or a page under docs/ links to. */
function shown() {
  const pages = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];
  const names = new Set();
  for (const page of pages) for (const match of readFileSync(page, 'utf8').matchAll(/screenshots\/([\w-]+\.png)/g)) names.add(match[1]);
  return [...names].sort();
}

const missing = [];
for (const name of shown()) {
  const taken = join('test-results/screenshots', name);
  if (existsSync(taken)) copyFileSync(taken, join('docs/screenshots', name));
  else missing.push(name);
}
if (missing.length > 0) {
  console.error(`screenshots: no browser test takes ${missing.join(', ')}; the docs link to them`);
  process.exit(1);
}
console.log(`screenshots: ${shown().length} refreshed in docs/screenshots`);
