/**
 * The lint rule against loops of imports between files (scripts/eslint/import-cycles.mjs): a
 * made-up tree with a loop is reported at each import that closes it, type-only imports
 * included; the same tree without the loop is clean.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
// @ts-expect-error -- a plain ES module of the lint configuration, without type declarations
import cycles, { findCycles, importSpecifiers } from '../../scripts/eslint/import-cycles.mjs';

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project with src/ holding these files, linted by the rule alone. */
async function lint(files: Record<string, string>): Promise<ESLint.LintResult[]> {
  const root = mkdtempSync(join(tmpdir(), 'moneta-cycles-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, 'src', path, '..'), { recursive: true });
    writeFileSync(join(root, 'src', path), text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['src/**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { cycles }, rules: { 'cycles/import-cycles': 'error' } },
    ],
  });
  return eslint.lintFiles(['src/**/*.ts']);
}

function problems(results: ESLint.LintResult[]): string[] {
  return results.flatMap((result) => result.messages.map((message) => `${result.filePath.replace(/.*\/src\//, '')}:${message.line}: ${message.message}`));
}

describe('lint: loops of imports between files', () => {
  it('reports each import that closes a loop of three files, a type-only import among them', async () => {
    const found = problems(
      await lint({
        'store/a.ts': "import { b } from './b.js';\nexport const a = b + 1;\n",
        'store/b.ts': "import { c } from '../other/c.js';\nexport const b = c;\n",
        'other/c.ts': "import type { A } from '../store/d.js';\nexport const c: A = 1;\n",
        'store/d.ts': "export type { A } from './e.js';\n",
        'store/e.ts': "import { a } from './a.js';\nexport type A = typeof a;\n",
        'store/apart.ts': "import { a } from './a.js';\nexport const apart = a;\n",
      }),
    );
    assert.equal(found.length, 5, found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('store/a.ts:1: this import closes a loop of imports: src/store/a.ts -> src/store/b.ts -> src/other/c.ts -> src/store/d.ts -> src/store/e.ts -> src/store/a.ts')), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('other/c.ts:1:')), 'the type-only import is part of the loop');
    assert.ok(!found.some((line) => line.startsWith('store/apart.ts')), 'a file that only imports into the loop is not in it');
  });

  it('reports a file that imports itself, and a loop of two through a re-export', async () => {
    const found = problems(
      await lint({
        'self.ts': "export * from './self.js';\n",
        'x.ts': "export { y } from './y.js';\nexport const x = 1;\n",
        'y.ts': "import { x } from './x.js';\nexport const y = x;\n",
      }),
    );
    assert.equal(found.length, 3, found.join('\n'));
  });

  it('is silent when the same files import one way only', async () => {
    const found = problems(
      await lint({
        'store/a.ts': "import { b } from './b.js';\nexport const a = b + 1;\n",
        'store/b.ts': "// import { a } from './a.js';\nexport const b = 2;\n",
      }),
    );
    assert.deepEqual(found, []);
  });

  it('finds the loops of a graph and the specifiers of a text', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    assert.deepEqual(findCycles(graph), [['a', 'b', 'c'], ['e']]);
    assert.deepEqual(
      importSpecifiers("import type {\n  A,\n} from './a.js';\nexport * from '../b.js';\nimport './c.js';\nconst d = await import('./d.js');\nimport x from 'kysely';\n/* import { e } from './e.js'; */\n"),
      ['./a.js', '../b.js', './c.js', './d.js'],
    );
  });
});
