// `moneta import` of statements it cannot read: exit 1 and one line on stderr saying why,
// never a stack trace. The reading does not depend on the engine: SQLite only.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { deeplyNested } from '../importers/nesting-samples.js';
import { fixture } from '../importers/statement-helpers.js';
import { describeEachEngine } from '../support/engines.js';
import { runCli } from './cli-support.js';

describeEachEngine('moneta import of unreadable statements', ({ freshDbSetting }) => {
  async function refused(path: string, reason: RegExp): Promise<void> {
    const db = await freshDbSetting();
    assert.equal((await runCli(['banks', 'add', 'ing', 'ING', '--db', db])).code, 0);
    const run = await runCli(['import', path, '--bank', 'ing', '--db', db]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, '');
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, `one line, no stack: ${run.stderr}`);
    assert.match(lines[0] ?? '', reason);
  }

  it('refuses a CAMT file with nothing to import: no entries, or a camt.052 report', async () => {
    await refused(fixture('camt053-no-entries.xml'), /^moneta: error: camt053-no-entries\.xml holds no entries: its statement \(Stmt\) has no Ntry, so there is nothing to import$/);
    await refused(fixture('camt052-account-report.xml'), /^moneta: error: camt052-account-report\.xml is a camt\.052 account report \(BkToCstmrAcctRpt\), not a camt\.053 statement/);
  });

  it('refuses an OFX nested 5,000 deep with one line, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moneta-deep-'));
    for (const name of ['deep-sgml.ofx', 'deep-xml.ofx']) {
      const path = join(dir, name);
      writeFileSync(path, deeplyNested(5000)[name] as string);
      await refused(path, new RegExp(`${name.replace('.', '\\.')} nests elements more than 100 deep`));
    }
  });
}, { setups: ['sqlite in memory'] });
