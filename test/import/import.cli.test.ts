import assert from 'node:assert/strict';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { describeEachEngine } from '../support/engines.js';
import { whenInDirectory } from '../support/file-events.js';
import { runCli, startCli } from './cli-support.js';
import { importFixture, statementFixture } from './import-support.js';

interface JsonReport {
  added: number;
  duplicates: number;
  conflicts: number;
  invalid: number;
  skipped: number;
  notes: string[];
  rows: Array<{ line: number; status: string; id: number | null; duplicateOf: number | null; reason: string | null; date?: string; description?: string; value?: number | null; raw?: string }>;
}

/** Control characters other than the line feed, and the right-to-left override. */
function hasControlCharacters(text: string): boolean {
  return [...text].some((ch) => (ch < ' ' && ch !== '\n') || ch === '\u007f' || ch === '\u202e');
}

async function writeBigCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('Date,Description,Amount\n');
  for (let i = 0; i < rows; i += 1) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    if (!out.write(`2023-05-${day},Card payment shop ${i % 500},-${(1 + (i % 9000) / 100).toFixed(2)}\n`)) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

describeEachEngine('moneta import', ({ freshDbSetting }) => {
  async function dbWithBank(bank = 'ing'): Promise<string> {
    const db = await freshDbSetting();
    const added = await runCli(['banks', 'add', bank, 'ING', '--db', db]);
    assert.equal(added.code, 0, added.stderr);
    return db;
  }

  it('--json prints exactly added, duplicates, conflicts, invalid, skipped, notes and rows of line, status, id, duplicateOf, reason, and the row as read or its raw text', async () => {
    const db = await dbWithBank();
    const run = await runCli(['import', importFixture('one-bad-row.csv'), '--bank', 'ing', '--db', db, '--json', '--skip-invalid']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '', 'no progress bar when stderr is not a terminal');
    const report = JSON.parse(run.stdout) as JsonReport;
    assert.deepEqual(Object.keys(report), ['added', 'duplicates', 'conflicts', 'invalid', 'skipped', 'notes', 'rows']);
    for (const row of report.rows) {
      const read = row.status === 'invalid' ? ['raw'] : ['date', 'description', 'value'];
      assert.deepEqual(Object.keys(row), ['line', 'status', 'id', 'duplicateOf', 'reason', ...read]);
    }
    const ids = report.rows.filter((row) => row.status === 'added').map((row) => row.id);
    assert.ok(ids.every((id) => typeof id === 'number'));
    assert.deepEqual(report, {
      added: 3,
      duplicates: 0,
      conflicts: 0,
      invalid: 1,
      skipped: 0,
      notes: [],
      rows: [
        { line: 2, status: 'added', id: ids[0], duplicateOf: null, reason: null, date: '2024-03-01', description: 'Bakery Schmidt', value: -2.4 },
        { line: 3, status: 'added', id: ids[1], duplicateOf: null, reason: null, date: '2024-03-02', description: 'Bakery Schmidt', value: -2.4 },
        { line: 4, status: 'invalid', id: null, duplicateOf: null, reason: 'amount "abc" has no digits', raw: '2024-03-02,not a number row,abc' },
        { line: 5, status: 'added', id: ids[2], duplicateOf: null, reason: null, date: '2024-03-03', description: 'Bakery Schmidt', value: -2.4 },
      ],
    });
    const again = JSON.parse((await runCli(['import', importFixture('one-bad-row.csv'), '--bank', 'ing', '--db', db, '--json', '--skip-invalid'])).stdout) as JsonReport;
    assert.deepEqual(again.rows.map((row) => [row.status, row.duplicateOf, row.reason]), [
      ['duplicate', ids[0], 'fingerprint'],
      ['duplicate', ids[1], 'fingerprint'],
      ['invalid', null, 'amount "abc" has no digits'],
      ['duplicate', ids[2], 'fingerprint'],
    ]);
  });

  it('refuses a file with an invalid row by default: exit 1, nothing written, the row named', async () => {
    const db = await dbWithBank();
    const run = await runCli(['import', importFixture('one-bad-row.csv'), '--bank', 'ing', '--db', db]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /NOT imported, nothing written/);
    assert.match(run.stdout, /line 4: invalid: amount "abc" has no digits\n {4}the file has: 2024-03-02,not a number row,abc\n/);
    assert.match(run.stderr, /nothing imported from one-bad-row\.csv \(1 invalid row\).*--skip-invalid/);
    const dry = JSON.parse((await runCli(['import', importFixture('one-bad-row.csv'), '--bank', 'ing', '--db', db, '--json', '--skip-invalid', '--dry-run'])).stdout) as JsonReport;
    assert.equal(dry.added, 3, 'the refused import wrote nothing: all rows are still new');
  });

  it('names the way to add an unknown bank and the bank name found in the file', async () => {
    const db = await dbWithBank();
    const run = await runCli(['import', statementFixture('ofx1-sgml-two-accounts.ofx'), '--bank', 'credit-ex', '--db', db]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /no bank has id "credit-ex"; add it first with: moneta banks add credit-ex "Crédit Exemple" \(the file names its bank "Crédit Exemple"\)/);
    const plain = await runCli(['import', importFixture('january.csv'), '--bank', 'nope', '--db', db]);
    assert.match(plain.stderr, /moneta banks add nope "Bank name"/);
  });

  it('a killed import leaves the store as it was; the file then imports in full', async () => {
    const db = await dbWithBank();
    const dir = mkdtempSync(join(tmpdir(), 'moneta-crash-'));
    const file = join(dir, 'big.csv');
    const rows = 30_000;
    await writeBigCsv(file, rows);
    await runCli(['import', importFixture('january.csv'), '--bank', 'ing', '--db', db]);
    const spoolDir = mkdtempSync(join(tmpdir(), 'moneta-spool-'));
    // --json: the report is spooled to a file in TMPDIR as the batches are written.
    const { child, done } = startCli(['import', file, '--bank', 'ing', '--db', db, '--json'], { TMPDIR: spoolDir });
    // The report spool grows batch by batch, after each batch is written: rows are in the open transaction.
    const spool = () => readdirSync(spoolDir).map((name) => join(spoolDir, name, 'rows.ndjson')).find(existsSync);
    const spooled = () => {
      const file = spool();
      return file !== undefined && statSync(file).size > 0;
    };
    await whenInDirectory(spoolDir, spooled, done, 'it wrote its first batch');
    child.kill('SIGKILL');
    const killed = await done;
    assert.equal(killed.signal, 'SIGKILL', `the import finished before it could be killed: ${killed.stderr}`);
    const check = JSON.parse((await runCli(['import', importFixture('january.csv'), '--bank', 'ing', '--db', db, '--json', '--dry-run'])).stdout) as JsonReport;
    assert.deepEqual([check.added, check.duplicates], [0, 5], 'the earlier import is intact');
    const full = JSON.parse((await runCli(['import', file, '--bank', 'ing', '--db', db, '--json'])).stdout) as JsonReport;
    assert.deepEqual([full.added, full.duplicates, full.invalid], [rows, 0, 0], 'nothing of the killed import was kept');
  });

  const formats: Array<[string, string, string[]]> = [
    ['csv', 'generic-bom-crlf.csv', ['--skip-invalid']],
    ['ofx', 'ofx1-sgml-two-accounts.ofx', ['--skip-invalid']],
    ['qif', 'quicken-date-styles.qif', ['--skip-invalid']],
    ['camt053', 'camt053-v08-two-accounts.xml', ['--skip-invalid']],
    ['mt940', 'mt940-two-statements.sta', ['--skip-invalid']],
  ];
  for (const [format, name, extra] of formats) {
    it(`imports a ${format} statement (format detected) and adds nothing the second time`, async () => {
      const db = await dbWithBank();
      const args = ['import', statementFixture(name), '--bank', 'ing', '--db', db, '--json', ...extra];
      const first = await runCli(args);
      assert.equal(first.code, 0, first.stderr);
      const report = JSON.parse(first.stdout) as JsonReport;
      assert.ok(report.added > 0, `nothing added from ${name}`);
      assert.equal(report.rows.length, report.added + report.duplicates + report.conflicts + report.invalid + report.skipped, 'every entry is in the report');
      const second = JSON.parse((await runCli(args)).stdout) as JsonReport;
      assert.deepEqual([second.added, second.duplicates, second.invalid], [0, report.added + report.duplicates, report.invalid]);
      const forced = await runCli([...args.slice(0, -1 - extra.length), '--dry-run', '--format', format, ...extra]);
      assert.equal(forced.code, 0, forced.stderr);
    });
  }

  it('prints a summary table for people', async () => {
    const db = await dbWithBank();
    await runCli(['import', importFixture('january.csv'), '--bank', 'ing', '--db', db]);
    const run = await runCli(['import', importFixture('january-february-overlap.csv'), '--bank', 'ing', '--db', db]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /january-february-overlap\.csv \(CSV\) into bank ing: imported/);
    assert.match(run.stdout, /added\s+2\n/);
    assert.match(run.stdout, /duplicate, same date, value and description\s+2\n/);
  });

  it('lists conflicts and skipped entries with their reasons, and notes how the file was read', async () => {
    const db = await dbWithBank();
    const run = await runCli(['import', statementFixture('mt940-shared-reference.sta'), statementFixture('camt053-v04-status-and-names.xml'), statementFixture('dkb.csv'), '--bank', 'ing', '--db', db]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /conflict, bank id reused: added\s+1\n/);
    assert.match(run.stdout, /line 9: conflict: bank id "55555" is already on line 6 of this file \(2024-01-31, -800\) with another value/);
    assert.match(run.stdout, /skipped, not a booked transaction\s+3\n/);
    assert.match(run.stdout, /line 6: skipped: pending \(status PDNG\): not booked yet\n/);
    assert.match(run.stdout, /note: read with the built-in CSV profile "dkb"/);
    assert.match(run.stdout, /line 6: skipped: pending \(Vorgemerkt\): not booked yet\n/);
  });

  it('prints text from the file with control characters escaped', async () => {
    const db = await dbWithBank();
    const dir = mkdtempSync(join(tmpdir(), 'moneta-escape-'));
    const file = join(dir, 'evil.csv');
    writeFileSync(file, 'Date,Description,Amount\n2024-01-02,Fine,-1.00\n\u001b[2J2024-01-03,Clear screen,-2.00\n2024-01-04,Bell\u0007 \u202eevil,-3.00\n');
    const run = await runCli(['import', file, '--bank', 'ing', '--db', db, '--skip-invalid']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /line 3: invalid: date "\\x1b\[2J2024-01-03" does not match the format YYYY-MM-DD\n {4}the file has: \\x1b\[2J2024-01-03,Clear screen,-2\.00\n/);
    assert.ok(!hasControlCharacters(run.stdout + run.stderr), 'nothing raw reaches the terminal');
    const header = join(dir, 'evil-header.csv');
    writeFileSync(header, 'Datum\u001b]0;pwned\u0007,Text,Wert\n2024-01-02,x,1\n2024-01-03,y,2\n');
    const refused = await runCli(['import', header, '--bank', 'ing', '--db', db]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /"Datum\\x1b\]0;pwned\\x07"/);
    assert.ok(!hasControlCharacters(refused.stderr), 'nothing raw reaches the terminal');
  });

  it('--date-format settles dates that could be DD/MM or MM/DD', async () => {
    const db = await dbWithBank();
    const refused = await runCli(['import', statementFixture('us-bank-parentheses.csv'), '--bank', 'ing', '--db', db]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /could be DD\/MM\/YYYY or MM\/DD\/YYYY; say which date format it is \(--date-format DD\/MM\/YYYY on the command line/);
    const run = await runCli(['import', statementFixture('us-bank-parentheses.csv'), '--bank', 'ing', '--db', db, '--date-format', 'MM/DD/YYYY', '--json', '--skip-invalid']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok((JSON.parse(run.stdout) as JsonReport).added > 0);
  });
});
