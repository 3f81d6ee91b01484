import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { projectFile } from '../../src/project-root.js';

/**
 * `npm start` (prestart) and `npm install` (prepare) run scripts/build-if-changed.mjs. Here it runs
 * in a project of its own whose `build` only counts how often it ran, so the real dist/ is never
 * touched while other suites use it.
 */
describe('npm start builds only when the sources changed', () => {
  const project = mkdtempSync(join(tmpdir(), 'moneta-build-'));
  after(() => rmSync(project, { recursive: true, force: true }));
  const build = `node -e "const f=require('fs');f.mkdirSync('dist/src/cli',{recursive:true});f.mkdirSync('dist/web',{recursive:true});f.writeFileSync('dist/src/cli/main.js','');f.writeFileSync('dist/web/index.html','');f.appendFileSync('builds','x')"`;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'p', private: true, scripts: { build } }));
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src', 'a.ts'), 'export const a = 1;\n');
  const run = (...flags: string[]) => spawnSync(process.execPath, [projectFile('scripts/build-if-changed.mjs'), ...flags], { cwd: project, encoding: 'utf8' });
  const builds = () => readFileSync(join(project, 'builds'), 'utf8').length;

  it('builds the first time, not again while nothing changed, again after a change or with --force', () => {
    const first = run();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stderr, /moneta: building/);
    assert.equal(builds(), 1);
    const second = run();
    assert.equal(second.status, 0, second.stderr);
    assert.equal(second.stderr, '', 'nothing to say when the build is current');
    assert.equal(builds(), 1, 'unchanged sources: no build');
    writeFileSync(join(project, 'src', 'a.ts'), 'export const a = 2;\n');
    run();
    assert.equal(builds(), 2, 'a changed source: built');
    rmSync(join(project, 'dist', 'web', 'index.html'));
    run();
    assert.equal(builds(), 3, 'a missing output: built');
    run('--force');
    assert.equal(builds(), 4);
  });
});
