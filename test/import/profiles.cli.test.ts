import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from './cli-support.js';

let dir = '';
before(async () => { dir = await mkdtemp(join(tmpdir(), 'moneta-profiles-cli-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

describe('moneta profiles', () => {
  it('list names every built-in profile and what it reads', async () => {
    const run = await runCli(['profiles', 'list']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^NAME\s+READS\n/);
    for (const name of ['dkb', 'ing-de', 'ing-nl', 'commerzbank', 'sparkasse-csv-camt', 'sparkasse-csv-mt940', 'n26', 'revolut', 'wise',
      'monzo', 'starling', 'nationwide', 'barclays', 'chase', 'amex', 'capital-one']) {
      assert.match(run.stdout, new RegExp(`^${name}\\s+\\S`, 'm'), name);
    }
  });

  it('show prints a built-in profile as JSON, and checks a file of yours, pointing at the problem', async () => {
    const shown = await runCli(['profiles', 'show', 'revolut']);
    assert.equal(shown.code, 0, shown.stderr);
    const profile = JSON.parse(shown.stdout) as { name: string; skipRows: unknown[] };
    assert.equal(profile.name, 'revolut');
    assert.equal(profile.skipRows.length, 2);
    const mine = join(dir, 'mine.json');
    await writeFile(mine, JSON.stringify({ ...profile, name: 'mine' }, null, 2));
    assert.deepEqual(await runCli(['profiles', 'show', mine]), { code: 0, signal: null, stdout: `${mine}: a valid CSV profile "mine"\n`, stderr: '' });
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{\n  "name": "broken",\n  "columns": { "date": "Date", "amount": "Amount", "descripton": "Text" }\n}\n');
    const run = await runCli(['profiles', 'show', broken]);
    assert.equal(run.code, 1);
    assert.equal(run.stderr, [
      `moneta: error: CSV profile ${broken} is invalid:`,
      `- ${broken}:3:52: "columns": unknown setting "descripton" (known: date, description, payee, payer, amount, debit, credit, fee, bankTransactionId, category, account, balance, runningBalance)`,
      `- ${broken}:3:3: "columns" needs "description" (or "payee" / "payer")`,
      '',
    ].join('\n'));
  });

  it('schema prints the JSON Schema profiles are checked against', async () => {
    const run = await runCli(['profiles', 'schema']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { title: string }).title, 'Moneta CSV profile');
  });
});
