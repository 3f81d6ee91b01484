import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { listProfiles, openStatement, StatementError, validateProfile } from '../../src/importers/index.js';
import { fixture, invalid, readStatement, row } from './statement-helpers.js';

let dir = '';
before(async () => { dir = await mkdtemp(join(tmpdir(), 'moneta-profiles-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('CSV profiles', () => {
  it('lists the built-in profiles, all of which are valid', () => {
    assert.deepEqual(listProfiles(), ['generic', 'de-soll-haben', 'sparkasse-csv-camt', 'us-bank', 'uk-bank']);
  });

  it('lists every problem in an invalid profile', () => {
    assert.throws(() => validateProfile({
      name: 'broken', delimiter: ':', dateFormat: 'DD.MM', decimalSeparator: ';', encoding: 'ebcdic', colour: 'red',
      columns: { date: 'Datum', amount: '', debit: 'Soll', payee: 'X' },
    }, 'broken.json'), (error: unknown) => {
      assert.ok(error instanceof StatementError);
      assert.equal(error.message, [
        'CSV profile broken.json is invalid:',
        '- unknown setting "colour" (known: name, description, encoding, delimiter, quote, header, skipLines, dateFormat, decimalSeparator, thousandsSeparator, invertSign, columns)',
        '- "encoding" is "ebcdic"; use auto, utf-8, utf-16le, utf-16be, windows-1252 or latin1',
        '- "delimiter" is ":"; use "auto", ",", ";", "\\t" or "|"',
        '- "dateFormat" "DD.MM" is not usable: it needs exactly one day (DD), one month (MM or MMM) and one year (YYYY or YY)',
        '- "decimalSeparator" is ";"; use "auto", "," or "."',
        '- "columns.amount" must be a header name, a 0-based column position, or a non-empty list of them',
        '- "columns.payee" is not a known role (known: date, description, amount, debit, credit, bankTransactionId, category, account)',
        '- "columns.description" is required',
        '- "columns" needs "amount", or both "debit" and "credit"',
      ].join('\n'));
      return true;
    });
  });

  it('requires positions when there is no header row', () => {
    assert.throws(() => validateProfile({ name: 'x', header: false, columns: { date: 'Date', description: 1, amount: 2 } }, 'x.json'),
      /"columns.date" names a header, but "header" is false; use 0-based column positions[\s\S]*"delimiter" must be set when "header" is false/);
  });

  it('reports unknown names, missing files and broken JSON', async () => {
    await assert.rejects(openStatement(fixture('generic-bom-crlf.csv'), { profile: 'sparkasse' }),
      new StatementError('unknown CSV profile "sparkasse"; built-in profiles are generic, de-soll-haben, sparkasse-csv-camt, us-bank, uk-bank, or give a path to a profile JSON file'));
    await assert.rejects(openStatement(fixture('generic-bom-crlf.csv'), { profile: join(dir, 'missing.json') }),
      new StatementError(`cannot read CSV profile ${join(dir, 'missing.json')}: file not found`));
    const broken = await file('broken.json', '{ "name": ');
    await assert.rejects(openStatement(fixture('generic-bom-crlf.csv'), { profile: broken }), /is not valid JSON/);
  });

  it('loads a profile from a JSON file: positional columns, no header, inverted signs', async () => {
    const profile = await file('card.json', JSON.stringify({
      name: 'card', header: false, skipLines: 1, delimiter: '|', dateFormat: 'YYYYMMDD', decimalSeparator: '.',
      invertSign: true, columns: { date: 0, description: [2, 3], amount: 1, category: 4 },
    }));
    const csv = await file('card.txt', 'CARD EXPORT v2\n20240301|25.00|Cinema|Tickets|Fun\n20240302|-5.00|Refund||\n20240399|1.00|x||\n');
    const result = await readStatement(csv, { profile });
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-03-01', description: 'Cinema Tickets', value: -25, category: 'Fun' }),
      row({ line: 3, date: '2024-03-02', description: 'Refund', value: 5 }),
      invalid(4, 'date "20240399" is not a real day'),
    ]);
  });

  it('stops with a clear message when the header cannot be found', async () => {
    await assert.rejects(openStatement(fixture('us-bank-parentheses.csv'), { profile: 'de-soll-haben' }),
      new StatementError('no header row found in the first 5 lines of us-bank-parentheses.csv for CSV profile "de-soll-haben": ' +
        'expected a line with columns for date ("Buchungstag"), description ("Auftraggeber / Empfänger" or "Verwendungszweck") and debit ("Soll") and credit ("Haben")'));
  });

  it('refuses to guess between DD/MM and MM/DD', async () => {
    const csv = await file('ambiguous.csv', 'Date,Description,Amount\n01/02/2024,A,1.00\n03/04/2024,B,2.00\n');
    await assert.rejects(openStatement(csv), new StatementError(
      'cannot tell the date format of ambiguous.csv: dates like "01/02/2024" could be DD/MM/YYYY or MM/DD/YYYY; use a profile that sets dateFormat'));
  });

  it('rejects a profile for a file that is not CSV', async () => {
    await assert.rejects(openStatement(fixture('camt053-v02.xml'), { profile: 'generic' }),
      new StatementError('a CSV profile was given, but camt053-v02.xml is CAMT053, not CSV'));
  });

  it('rejects files in no known format', async () => {
    const text = await file('letter.txt', 'Dear customer\nyour statement is attached.\n');
    await assert.rejects(openStatement(text), new StatementError('letter.txt is not a statement format Moneta can read (CSV, OFX/QFX, QIF, CAMT.053 or MT940)'));
  });
});
