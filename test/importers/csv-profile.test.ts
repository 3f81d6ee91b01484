import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeProfile, listProfiles, openStatement, StatementError, validateProfile } from '../../src/importers/index.js';
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
    assert.deepEqual(listProfiles(), [
      'generic', 'dkb', 'ing-de', 'ing-nl', 'commerzbank', 'sparkasse-csv-camt', 'sparkasse-csv-mt940', 'targobank', 'n26', 'revolut', 'wise', 'wise-history',
      'monzo', 'starling', 'nationwide', 'barclays', 'chase', 'amex', 'capital-one', 'banco-do-brasil', 'de-soll-haben', 'us-bank', 'uk-bank',
    ]);
    for (const name of listProfiles()) assert.equal(validateProfile(describeProfile(name), name).name, name);
  });

  it('lists every problem in an invalid profile, checked against the shipped JSON Schema and then rule by rule', () => {
    assert.throws(() => validateProfile({
      name: 'broken', delimiter: ':', dateFormat: 'DD.MM', decimalSeparator: ';', encoding: 'ebcdic', colour: 'red',
      columns: { date: 'Datum', amount: '', debit: 'Soll', colour: 'X' },
      skipRows: [{ column: 'Status', reason: 'x' }, { missing: 'date', in: ['a'], reason: 'y' }, { column: 'A', matches: '(', reason: 'z' }],
    }, 'broken.json'), (error: unknown) => {
      assert.ok(error instanceof StatementError);
      assert.equal(error.message, [
        'CSV profile broken.json is invalid:',
        '- unknown setting "colour" (known: name, description, encoding, delimiter, quote, header, skipLines, dateFormat, decimalSeparator, thousandsSeparator, invertSign, direction, identifiedBy, skipRows, columns)',
        '- "delimiter" is ":"; use "auto", ",", ";", "\\t", "|"',
        '- "decimalSeparator" is ";"; use "auto", ",", "."',
        '- "skipRows.0" needs "column" with "in" or "matches", or "missing" ("date" or "amount") without "column"',
        '- "skipRows.1" needs "column" with "in" or "matches", or "missing" ("date" or "amount") without "column"',
        '- "columns": unknown setting "colour" (known: date, description, payee, payer, amount, debit, credit, fee, bankTransactionId, category, account, balance, runningBalance)',
        '- "columns.amount" must be a header name, a 0-based column position, or a non-empty list of them',
        '- "encoding" is "ebcdic"; use auto, utf-8, utf-16le, utf-16be, windows-1252 or latin1',
        '- "dateFormat" "DD.MM" is not usable: it needs exactly one day (DD), one month (MM or MMM) and one year (YYYY or YY)',
        '- "columns" needs "description" (or "payee" / "payer")',
        '- "columns.debit" and "columns.credit" must be given together',
        '- "skipRows.2.matches" is not a regular expression: Invalid regular expression: /(/iu: Unterminated group',
      ].join('\n'));
      return true;
    });
  });

  it('points each problem of a profile file at its line and column', async () => {
    const path = await file('mine.json', '{\n  "name": "mine",\n  "columns": {\n    "date": "Datum",\n    "description": 3.5,\n    "amount": "Betrag"\n  },\n  "skipRows": [ { "column": "Status", "in": [], "reason": "pending" } ]\n}\n');
    await assert.rejects(openStatement(fixture('generic-bom-crlf.csv'), { profile: path }), new StatementError([
      `CSV profile ${path} is invalid:`,
      `- ${path}:8:39: "skipRows.0.in" must not be empty`,
      `- ${path}:5:5: "columns.description" must be a header name, a 0-based column position, or a non-empty list of them`,
    ].join('\n')));
  });

  it('requires positions when there is no header row', () => {
    assert.throws(() => validateProfile({ name: 'x', header: false, columns: { date: 'Date', description: 1, amount: 2 } }, 'x.json'),
      /"columns.date" names a header, but "header" is false; use 0-based column positions[\s\S]*"delimiter" must be set when "header" is false/);
  });

  it('reports unknown names, missing files and broken JSON', async () => {
    await assert.rejects(openStatement(fixture('generic-bom-crlf.csv'), { profile: 'sparkasse' }),
      new StatementError(`unknown CSV profile "sparkasse"; built-in profiles are ${listProfiles().join(', ')}, or give a path to a profile JSON file`));
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
      invalid(4, 'date "20240399" is not a real day', '20240399|1.00|x||'),
    ]);
  });

  it('stops with a clear message when the header cannot be found', async () => {
    await assert.rejects(openStatement(fixture('us-bank-parentheses.csv'), { profile: 'de-soll-haben' }),
      new StatementError('no header row found in the first 5 lines of us-bank-parentheses.csv for CSV profile "de-soll-haben": ' +
        'expected a line with columns for date ("Buchungstag"), description ("Auftraggeber / Empfänger" or "Verwendungszweck") and debit ("Soll") and credit ("Haben"). ' +
        'The likeliest header is line 1: not found: date, description, debit and credit. It is separated by ",", and the profile expects ";". ' +
        'Columns that came close: "Date" (date?), "Description" (description?), "Memo" (description?), "Amount" (amount?), "Transaction ID" (description?). ' +
        'To go on: pick a built-in profile with --profile <name> (`moneta profiles list`), or write a profile JSON file that names your columns ' +
        '(`"header": false` and 0-based positions if the file has no header row) and pass --profile ./my-profile.json.'));
  });

  it('says which roles a bank export without a profile lacks and which columns came close', async () => {
    await assert.rejects(openStatement(fixture('german-export-unknown-columns.csv')), new StatementError(
      'no header row found in the first 3 lines of german-export-unknown-columns.csv for CSV profile "generic": expected a line with columns for ' +
      'date ("Date" or "Transaction Date" or "Posting Date" or "Posted Date" or "Booking Date" or "Trans. Date" or "Datum" or "Buchungstag" or "Buchungsdatum"), ' +
      'description ("Description" or "Payee" or "Name" or "Narrative" or "Memo" or "Beschreibung" or "Verwendungszweck" or "Note") and ' +
      'amount ("Amount" or "Value" or "Betrag" or "Umsatz") or debit ("Debit" or "Withdrawal" or "Withdrawals" or "Money Out" or "Paid Out" or "Soll") ' +
      'and credit ("Credit" or "Deposit" or "Deposits" or "Money In" or "Paid In" or "Haben"). ' +
      'The likeliest header is line 1: found date ("Buchungsdatum"); not found: description, amount (or debit and credit). ' +
      'Columns that came close: "Vorgangstext" (description?), "Betrag (EUR)" (amount?). ' +
      'To go on: pick a built-in profile with --profile <name> (`moneta profiles list`), or write a profile JSON file that names your columns ' +
      '(`"header": false` and 0-based positions if the file has no header row) and pass --profile ./my-profile.json.'));
  });

  it('--date-format settles dates a profile would have to guess', async () => {
    const csv = await file('ambiguous-ok.csv', 'Date,Description,Amount\n01/02/2024,A,1.00\n03/04/2024,B,2.00\n');
    assert.deepEqual((await readStatement(csv, { dateFormat: 'DD/MM/YYYY' })).items, [
      row({ line: 2, date: '2024-02-01', description: 'A', value: 1 }),
      row({ line: 3, date: '2024-04-03', description: 'B', value: 2 }),
    ]);
    await assert.rejects(openStatement(csv, { dateFormat: 'DD/MM' }), new StatementError(
      'the date format "DD/MM" is not usable: it needs exactly one day (DD), one month (MM or MMM) and one year (YYYY or YY)'));
    await assert.rejects(openStatement(fixture('camt053-v02.xml'), { dateFormat: 'DD/MM/YYYY' }), new StatementError(
      'a date format applies to CSV files, but camt053-v02.xml is CAMT053, whose dates have one fixed layout'));
  });

  it('does not take a file for a bank\'s export by its header when its dates are in another layout', async () => {
    // American Express UK writes DD/MM/YYYY under the US export's header: not the amex profile's MM/DD/YYYY.
    const csv = await file('amex-uk.csv', 'Date,Description,Amount,Extended Details,Appears On Your Statement As\n19/03/2024,TESCO STORES 2231,23.10,,TESCO STORES\n02/03/2024,PAYMENT RECEIVED - THANK YOU,-100.00,,PAYMENT\n');
    const result = await readStatement(csv);
    assert.deepEqual(result.notes, []);
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-03-19', description: 'TESCO STORES 2231', value: 23.1 }),
      row({ line: 3, date: '2024-03-02', description: 'PAYMENT RECEIVED - THANK YOU', value: -100 }),
    ]);
  });

  it('refuses to guess between DD/MM and MM/DD', async () => {
    const csv = await file('ambiguous.csv', 'Date,Description,Amount\n01/02/2024,A,1.00\n03/04/2024,B,2.00\n');
    await assert.rejects(openStatement(csv), new StatementError(
      'cannot tell the date format of ambiguous.csv: dates like "01/02/2024" could be DD/MM/YYYY or MM/DD/YYYY; say which date format it is (--date-format DD/MM/YYYY on the command line, dateFormat over HTTP, or a profile that sets dateFormat)'));
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
