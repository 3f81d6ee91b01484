#!/usr/bin/env node
// `npm start` and `npm install` (prepare) build dist/ only when what it is built from changed:
// a content hash of the sources, the contract, the web app and the build settings is kept in
// dist/.build-inputs, and a build whose inputs hash the same is skipped (a start then takes a
// moment instead of a full TypeScript and Vite build). `--force` builds regardless.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUT_FOLDERS = ['src', 'web', 'openapi'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
const OUTPUTS = ['dist/src/cli/main.js', 'dist/web/index.html'];
const STAMP = 'dist/.build-inputs';

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).sort().flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const path of [...INPUT_FOLDERS.flatMap(filesUnder), ...INPUT_FILES.filter((file) => existsSync(file))]) {
    hash.update(path).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (!process.argv.includes('--force') && built === wanted && OUTPUTS.every((file) => existsSync(file))) {
  process.exit(0);
}
console.error('moneta: building (the sources changed since the last build)');
const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(STAMP, `${wanted}\n`);
