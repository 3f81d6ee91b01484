import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAmount, parseLooseAmount } from '../../src/importers/amounts.js';
import { compileDateFormat, type DateParser, guessDateFormat } from '../../src/importers/dates.js';
import { ParseFailure } from '../../src/importers/parse-result.js';
import { cleanDescription } from '../../src/importers/text.js';

const comma = { decimal: ',', thousands: ". '" } as const;
const dot = { decimal: '.', thousands: ", '" } as const;

describe('parseAmount', () => {
  it('reads the common written forms', () => {
    assert.equal(parseAmount('1.234,56', comma), 1234.56);
    assert.equal(parseAmount('-12.50', dot), -12.5);
    assert.equal(parseAmount('(12.50)', dot), -12.5);
    assert.equal(parseAmount('12.50-', dot), -12.5);
    assert.equal(parseAmount('€ 12,50', comma), 12.5);
    assert.equal(parseAmount('-€12,50', comma), -12.5);
    assert.equal(parseAmount('12,50 EUR', comma), 12.5);
    assert.equal(parseAmount('USD 1,000,000.00', dot), 1000000);
    assert.equal(parseAmount("1'234.50", dot), 1234.5);
    assert.equal(parseAmount('1 234,50', comma), 1234.5);
    assert.equal(parseAmount('+7', dot), 7);
    assert.equal(parseAmount('-0,00', comma), 0);
  });

  it('explains what is wrong instead of guessing', () => {
    assert.deepEqual(parseAmount('12.50', comma), new ParseFailure('amount "12.50" has misplaced digit grouping for decimal separator ","'));
    assert.deepEqual(parseAmount('1,2,3', comma), new ParseFailure('amount "1,2,3" has more than one decimal separator ","'));
    assert.deepEqual(parseAmount('(12.50', dot), new ParseFailure('amount "(12.50" has unbalanced parentheses'));
    assert.deepEqual(parseAmount('', dot), new ParseFailure('amount is empty'));
    assert.deepEqual(parseAmount('12#5', dot), new ParseFailure('amount "12#5" contains "#"'));
  });

  it('accepts either separator where a format is loose about it', () => {
    assert.equal(parseLooseAmount('-1,234.56'), -1234.56);
    assert.equal(parseLooseAmount('-89,90'), -89.9);
    assert.equal(parseLooseAmount('2,000'), 2000);
  });
});

describe('date formats', () => {
  it('checks that the day exists', () => {
    const german = compileDateFormat('DD.MM.YYYY') as DateParser;
    assert.equal(german('29.02.2024'), '2024-02-29');
    assert.deepEqual(german('31.02.2024'), new ParseFailure('date "31.02.2024" is not a real day'));
    assert.deepEqual(german('2024-02-01'), new ParseFailure('date "2024-02-01" does not match the format DD.MM.YYYY'));
    assert.equal((compileDateFormat('MM/DD/YYYY') as DateParser)('1/5/2024 10:30'), '2024-01-05');
    assert.equal((compileDateFormat('DD MMM YYYY') as DateParser)('05 Feb 2024'), '2024-02-05');
    assert.equal((compileDateFormat('YYYYMMDD') as DateParser)('20240131'), '2024-01-31');
  });

  it('rejects unusable layouts', () => {
    assert.equal(compileDateFormat('DD.MM'), 'it needs exactly one day (DD), one month (MM or MMM) and one year (YYYY or YY)');
  });

  it('guesses only when the samples allow one reading', () => {
    assert.equal((guessDateFormat(['01/02/2024', '13/02/2024']) as { format: string }).format, 'DD/MM/YYYY');
    assert.equal(guessDateFormat(['01/02/2024', '03/04/2024']), 'dates like "01/02/2024" could be DD/MM/YYYY or MM/DD/YYYY; say which date format it is (--date-format DD/MM/YYYY on the command line, dateFormat over HTTP, or a profile that sets dateFormat)');
  });
});

describe('cleanDescription', () => {
  it('trims, collapses whitespace, drops NULs and caps the length at 1000', () => {
    assert.equal(cleanDescription('  a \t b\u0000c \r\n d '), 'a bc d');
    assert.equal(cleanDescription('x'.repeat(1500)).length, 1000);
  });
});
