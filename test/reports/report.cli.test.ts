import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { runCli } from '../support/spawned-server.js';

async function storeWith(rows: Array<{ date: string; description: string; value: number; category?: string }>): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'moneta-report-')), 'moneta.db');
  const store = new SqliteStore({ path: db });
  await store.lifecycle.migrate();
  await store.catalogue.saveCategory({ name: 'Food', group: 'Living' });
  for (const row of rows) await store.transactions.create(row);
  await store.lifecycle.close();
  return db;
}

describe('moneta report', () => {
  it('prints each report as a table, JSON or CSV, with exact sums', async () => {
    const db = await storeWith([
      { date: '2024-01-31', description: 'TESCO 1', value: 0.1, category: 'Food' },
      { date: '2024-02-01', description: 'TESCO 2', value: 0.2, category: 'Food' },
      { date: '2024-04-02', description: 'RENT', value: -700 },
    ]);
    const totals = await runCli(['report', 'totals', '--db', db]);
    assert.equal(totals.code, 0, totals.stderr);
    assert.equal(totals.stdout, 'COUNT  INCOME  EXPENSES     NET\n    3     0.3      -700  -699.7\n');
    const json = await runCli(['report', 'totals', '--from', '2024-01-31', '--to', '2024-02-29', '--json', '--db', db]);
    assert.deepEqual(JSON.parse(json.stdout), { count: 2, income: 0.3, expenses: 0, net: 0.3 });
    const quarters = await runCli(['report', 'cashflow', '--period', 'quarter', '--csv', '--db', db]);
    assert.equal(quarters.stdout, 'PERIOD,COUNT,INCOME,EXPENSES,NET\r\n2024-Q1,2,0.3,0,0.3\r\n2024-Q2,1,0,-700,-700\r\n');
    const categories = await runCli(['report', 'categories', '--period', 'all', '--uncategorised', '--db', db]);
    assert.match(categories.stdout, /^all +- +\(uncategorised\) +1 +0 +-700 +-700$/m);
    const payees = await runCli(['report', 'payees', '--limit', '1', '--json', '--db', db]);
    assert.deepEqual(JSON.parse(payees.stdout), { payees: [{ payee: 'rent', count: 1, income: 0, expenses: -700, net: -700 }] });
  });

  it('keeps outside text from acting as a terminal control or a spreadsheet formula', async () => {
    const db = await storeWith([
      // Without merchant words (letters, 3 or more) a description is its own payee, as it is.
      { date: '2024-01-01', description: '\u001b[2J', value: 1 },
      { date: '2024-01-01', description: '=1+2', value: -1 },
    ]);
    const table = await runCli(['report', 'payees', '--db', db]);
    assert.ok(!table.stdout.includes('\u001b'), table.stdout);
    assert.match(table.stdout, /^\\x1b\[2j +1/m);
    const csv = await runCli(['report', 'payees', '--csv', '--db', db]);
    assert.match(csv.stdout, /^'=1\+2,1,0,-1,-1\r$/m);
    const json = await runCli(['report', 'payees', '--json', '--db', db]);
    assert.equal(JSON.parse(json.stdout).payees[0].payee, '\u001b[2j');
  });

  it('refuses bad flags naming them, with exit code 2', async () => {
    const db = await storeWith([]);
    const refusals: Array<[string[], RegExp]> = [
      [['totals', '--from', '2023-02-29'], /--from must be a real calendar date/],
      [['totals', '--from', '2024-03-01', '--to', '2024-02-01'], /--from must not be after --to/],
      [['totals', '--min-value', '5', '--max-value', '1'], /--min-value must not be above --max-value/],
      [['totals', '--min-value', 'five'], /--min-value must be a number/],
      [['cashflow', '--period', 'week'], /--period must be one of month, quarter, year, all/],
      [['payees', '--limit', '0'], /--limit must be a whole number from 1 to 1000/],
      [['totals', '--category', 'Food', '--uncategorised'], /choose one of --category and --uncategorised/],
      [['totals', '--json', '--csv'], /choose one of --json and --csv/],
    ];
    for (const [args, message] of refusals) {
      const run = await runCli(['report', ...args, '--db', db]);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
    }
  });
});
