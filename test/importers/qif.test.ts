import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQifDate } from '../../src/importers/qif-statement.js';
import { ParseFailure } from '../../src/importers/parse-result.js';
import { fixture, invalid, readStatement, row } from './statement-helpers.js';

describe('QIF statements', () => {
  it('reads Quicken date styles, thousands commas, the account name and skips category lists', async () => {
    const result = await readStatement(fixture('quicken-date-styles.qif'));
    assert.equal(result.format, 'qif');
    const account = 'Everyday Checking';
    assert.deepEqual(result.items, [
      row({ line: 8, date: '2024-01-31', description: 'Landlord January rent', value: -1234.56, account }),
      row({ line: 13, date: '2024-01-31', description: 'Refund', value: 42, account }),
      row({ line: 18, date: '2024-01-05', description: 'Corner Store', value: -15.5, account }),
      row({ line: 23, date: '2024-02-01', description: 'Payroll', value: 2000, account }),
      row({ line: 27, date: '2024-01-31', description: 'Bank fee', value: -3, account }),
      invalid(31, 'date "02/30/2024" is not a real day', 'D02/30/2024\nT-1.00\nPImpossible'),
      invalid(35, 'record has no T (amount) line', 'D02/02/2024\nPNo amount'),
    ]);
  });

  it('reads a European card file as day/month/year with decimal commas', async () => {
    const result = await readStatement(fixture('european-ccard.qif'));
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-01-25', description: 'Hotel Zürich Zimmer', value: -89.9 }),
      row({ line: 7, date: '2024-02-05', description: 'Zahlung', value: 250 }),
    ]);
  });

  it('parses each date style', () => {
    assert.equal(parseQifDate('01/31/2024', 'MDY'), '2024-01-31');
    assert.equal(parseQifDate("1/31'24", 'MDY'), '2024-01-31');
    assert.equal(parseQifDate("1/ 5' 4", 'MDY'), '2004-01-05');
    assert.equal(parseQifDate('1/ 5/24', 'MDY'), '2024-01-05');
    assert.equal(parseQifDate('31.01.2024', 'MDY'), '2024-01-31');
    assert.equal(parseQifDate('2024-01-31', 'MDY'), '2024-01-31');
    assert.equal(parseQifDate('05/01/2024', 'DMY'), '2024-01-05');
    assert.deepEqual(parseQifDate('Jan 5', 'MDY'), new ParseFailure('date "Jan 5" is not a QIF date'));
  });
});
