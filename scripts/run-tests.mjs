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
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
