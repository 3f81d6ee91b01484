#!/usr/bin/env node
// Runs every *.test.ts under test/ with Node's own test runner (tsx compiles on the fly).
// Node 20's --test does not expand globs, so the file list is gathered here.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    // The fault suites (crashes, full disks, fuzzing) take minutes: `npm run test:faults` runs them.
    if (dir === 'test' && name === 'faults') continue;
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const only = process.argv.slice(2);
// A folder named on the command line is run whole (`npm run test:faults` names test/faults).
const files = only.length > 0 ? only.flatMap((arg) => (statSync(arg).isDirectory() ? collect(arg) : [arg])) : collect('test');
// The web app is built once for every browser suite of the run (test/support/browser.ts
// buildWebApp): suites run two at a time, and a build inside one would empty dist/web while
// another suite's browser is loading from it.
const env = { ...process.env };
if (files.some((file) => file.endsWith('.browser.test.ts'))) {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  env.MONETA_WEB_BUILT = '1';
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
