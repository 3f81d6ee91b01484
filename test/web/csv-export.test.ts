import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvStart, exportOffsets, numberCell, textCell, transactionRecord } from '../../web/src/lib/csv-export.js';

describe('web: the register\'s CSV export', () => {
  it('quotes text as RFC 4180 asks: a comma, a quote, CR or LF; quotes doubled', () => {
    assert.equal(textCell('Tesco'), 'Tesco');
    assert.equal(textCell('Smith, John'), '"Smith, John"');
    assert.equal(textCell('the "best" shop'), '"the ""best"" shop"');
    assert.equal(textCell('two\nlines'), '"two\nlines"');
  });

  it('prefixes text a spreadsheet would run as a formula with an apostrophe', () => {
    assert.equal(textCell('=HYPERLINK("http://evil","x")'), '"\'=HYPERLINK(""http://evil"",""x"")"');
    assert.equal(textCell('+49 30 1234'), "'+49 30 1234");
    assert.equal(textCell('-refund'), "'-refund");
    assert.equal(textCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(textCell('\tcmd'), "'\tcmd");
    assert.equal(textCell('\rcmd'), '"\'\rcmd"');
    assert.equal(textCell('a=b'), 'a=b', 'only the first character counts');
  });

  it('keeps a negative amount a number', () => {
    assert.equal(numberCell(-12.5), '-12.5');
    assert.equal(numberCell(2500.1), '2500.1');
  });

  it('starts with the byte order mark and the header; each record ends in CRLF', () => {
    assert.equal(csvStart(), '\uFEFFDate,Description,Category,Bank,Amount\r\n');
    const record = transactionRecord({ date: '2026-11-01', description: '=cmd|calc', value: -3.5, category: 'Café, Bar', bank: 'dkb' }, (id) => (id === 'dkb' ? 'DKB' : undefined));
    assert.equal(record, '2026-11-01,\'=cmd|calc,"Café, Bar",DKB,-3.5\r\n');
    assert.equal(transactionRecord({ date: '2026-11-02', description: 'x', value: 1 }, () => undefined), '2026-11-02,x,,,1\r\n');
  });

  it('reads every page of the filtered rows', () => {
    assert.deepEqual(exportOffsets(0), []);
    assert.deepEqual(exportOffsets(2500), [0, 1000, 2000]);
    assert.deepEqual(exportOffsets(1000), [0]);
  });
});
