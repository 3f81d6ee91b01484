import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankIdFrom, registerQueryFor, contentTypeFor, duplicateRule, formatBytes, historyFileName, importErrors, reportPage, summaryLine, visibleRecord, type ReportRow } from '../../web/src/lib/import-report.js';

const rows = (count: number, status: ReportRow['status'] = 'added'): ReportRow[] => Array.from({ length: count }, (_, index) => ({ line: index + 2, status }));

describe('web: the import report', () => {
  it('sends a statement with the Content-Type its name suggests, and never as JSON', () => {
    assert.equal(contentTypeFor('jan.CSV'), 'text/csv');
    assert.equal(contentTypeFor('bank.qfx'), 'application/x-ofx');
    assert.equal(contentTypeFor('camt.xml'), 'application/xml');
    assert.equal(contentTypeFor('statement.sta'), 'application/octet-stream', 'never text/plain: a form could send it');
    assert.equal(contentTypeFor('export.json'), 'application/octet-stream');
    assert.equal(contentTypeFor('no-extension'), 'application/octet-stream');
  });

  it('keeps a file name the history accepts: no slashes, at most 255 characters with the extension kept', () => {
    assert.equal(historyFileName('march.csv'), 'march.csv');
    assert.equal(historyFileName('a/b\\c.csv'), 'a_b_c.csv');
    assert.equal(historyFileName('   '), 'statement');
    const long = historyFileName(`${'é'.repeat(300)}.ofx`);
    assert.equal([...long].length, 255);
    assert.ok(long.endsWith('.ofx'));
  });

  it('proposes a bank id from a name, within the id pattern', () => {
    assert.equal(bankIdFrom('Deutsche Kreditbank'), 'deutsche-kreditbank');
    assert.equal(bankIdFrom('  Crédit Agricole!! '), 'credit-agricole');
    assert.equal(bankIdFrom('__ING'), 'ing');
    assert.match(bankIdFrom('x'.repeat(100)), /^x{64}$/);
  });

  it('says the counts in one line, leaving out statuses with none', () => {
    const counts = { added: 1204, duplicates: 17, conflicts: 0, invalid: 1, skipped: 0 };
    assert.equal(summaryLine(counts, 'en-US', false), '1,204 new · 17 already there · 1 invalid');
    assert.equal(summaryLine({ ...counts, duplicates: 0, invalid: 0, skipped: 2 }, 'en-US', true), '1,204 added · 2 skipped');
    assert.equal(summaryLine({ added: 0, duplicates: 0, conflicts: 0, invalid: 0, skipped: 0 }, 'en-US', false), '0 new');
  });

  it('pages a large report: one page of rows at most, filtered by status, the page kept in range', () => {
    const report = [...rows(250), ...rows(3, 'invalid')];
    const first = reportPage(report, 'all', 0);
    assert.equal(first.rows.length, 100);
    assert.deepEqual([first.page, first.pages, first.total, first.first, first.last], [0, 3, 253, 1, 100]);
    const last = reportPage(report, 'all', 99);
    assert.deepEqual([last.page, last.rows.length, last.first, last.last], [2, 53, 201, 253]);
    const invalid = reportPage(report, 'invalid', 0);
    assert.deepEqual(invalid.rows.map((row) => row.status), ['invalid', 'invalid', 'invalid']);
    assert.equal(invalid.pages, 1);
    assert.deepEqual([reportPage([], 'all', 0).pages, reportPage([], 'all', 0).rows.length], [1, 0]);
  });

  it('links to the register filtered to the bank and the dates the imported rows span', () => {
    assert.equal(registerQueryFor('ing', ['2024-03-05', '2024-02-28', '2024-03-31']), '?bank=ing&from=2024-02-28&to=2024-03-31');
    assert.equal(registerQueryFor('my bank', []), '?bank=my+bank');
  });

  it('shows a record\'s text with its control characters made visible, never acted on', () => {
    assert.equal(visibleRecord('2024-01-06,"Bell\u0007 \u001b[31mred",x\r'), '2024-01-06,"Bell\u2407 \u241b[31mred",x\u240d');
    assert.equal(visibleRecord('a\tb\u007f\u0085\u202eevil'), 'a\u2409b\u2421<U+0085><U+202E>evil');
    assert.equal(visibleRecord('Café;-3,50;€'), 'Café;-3,50;€', 'ordinary text is left as it is');
  });

  it('says which rule found a duplicate', () => {
    assert.match(duplicateRule('bank-id'), /transaction id/);
    assert.match(duplicateRule('fingerprint'), /date, amount and description/);
  });

  it('puts a problem beside the field it names; a body error is the file\'s', () => {
    assert.deepEqual(importErrors(400, [{ in: 'query', name: 'bank', message: 'no bank has the id "x"' }], 'Invalid request'), { bank: 'no bank has the id "x"' });
    assert.deepEqual(importErrors(400, [{ in: 'body', name: 'body', message: 'is empty' }, { in: 'query', name: 'profile', message: 'is not built in' }], undefined), { file: 'is empty', profile: 'is not built in' });
    assert.deepEqual(importErrors(400, [{ in: 'query', name: 'skipInvalid', message: 'must be boolean' }], undefined), { form: 'skipInvalid must be boolean' });
    assert.deepEqual(importErrors(500, [], 'Internal error'), { form: 'Internal error' });
  });

  it('explains a 413 in words, with the limit in a readable size', () => {
    const errors = importErrors(413, [{ in: 'body', name: 'body', message: "is larger than the server's import limit (104857600 bytes, --import-limit)" }], undefined);
    assert.match(errors.file ?? '', /too large.*100 MiB/);
    assert.equal(formatBytes(1536), '1.5 KiB');
    assert.equal(formatBytes(512), '512 bytes');
  });
});
