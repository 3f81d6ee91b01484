// Attack files: elements nested thousands deep in a few KB. They must be refused as statements
// Moneta cannot read (one line naming the file), never crash the parser (a stack overflow
// was a 500 over HTTP and a raw stack trace from `moneta import`).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStatement, StatementError } from '../../src/importers/index.js';
import { deeplyNested } from './nesting-samples.js';

describe('statements nested too deep', () => {
  let dir = '';
  before(async () => { dir = await mkdtemp(join(tmpdir(), 'moneta-deep-')); });
  after(async () => { await rm(dir, { recursive: true, force: true }); });

  for (const [name, text] of Object.entries(deeplyNested(5000)).filter(([key]) => key !== 'ok')) {
    it(`refuses ${name} (5,000 levels in ${Math.round(text.length / 1024)} KB) as a statement error naming the depth`, async () => {
      const path = join(dir, name);
      await writeFile(path, text);
      await assert.rejects(
        async () => {
          const statement = await openStatement(path);
          for await (const item of statement.items) void item;
        },
        (error: unknown) => {
          assert.ok(error instanceof StatementError, `a StatementError, not ${String(error)}`);
          assert.match(error.message, new RegExp(`^${name.replace('.', '\\.')} nests elements more than 100 deep`));
          assert.doesNotMatch(error.message, /\n/);
          return true;
        },
      );
    });
  }

  it('still reads a statement nested as deep as real ones are', async () => {
    const { ok } = deeplyNested(90);
    const path = join(dir, 'ok.ofx');
    await writeFile(path, ok as string);
    const statement = await openStatement(path);
    const items = [];
    for await (const item of statement.items) items.push(item);
    assert.equal(items.length, 1);
  });
});
