// A CSV file read with a bank profile carries, record by record, what the generic profile makes
// of it: earlier versions imported such files that way, and the import looks for those keys too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixture, readStatement } from './statement-helpers.js';

describe('former readings of CSV files a bank profile reads', () => {
  it('amex.csv, picked by its header: the generic reading, with the signs the export writes and no bank ids', async () => {
    const { formerly } = await readStatement(fixture('amex.csv'));
    assert.deepEqual(formerly, [
      { line: 2, date: '2024-03-19', description: 'WHOLEFDS HAR 10234', value: 84.12, category: 'Merchandise & Supplies-Groceries' },
      { line: 5, date: '2024-03-18', description: 'AUTOPAY PAYMENT - THANK YOU', value: -1250 },
      { line: 6, date: '2024-03-16', description: 'DELTA AIR LINES ATLANTA', value: 412.6, category: 'Travel-Airline' },
    ]);
  });

  it('wise.csv with --profile wise: the generic reading too (a file imported without a profile before)', async () => {
    const { formerly } = await readStatement(fixture('wise.csv'), { profile: 'wise' });
    assert.deepEqual(formerly, [
      { line: 2, date: '2024-03-18', description: 'Card transaction of 4.20 EUR issued by Bäckerei Kamps Berlin', value: -4.2 },
      { line: 3, date: '2024-03-15', description: 'Sent money to Jan Novak', value: -350 },
      { line: 4, date: '2024-03-14', description: 'Received money from ACME LTD with reference INV-2024-031', value: 1350 },
    ]);
  });

  it('none when the generic profile cannot read the file, or is the profile reading it', async () => {
    for (const file of ['dkb.csv', 'targobank.csv', 'wise-transaction-history.csv', 'date-note-amount.csv']) {
      assert.deepEqual((await readStatement(fixture(file))).formerly, [], file);
    }
    assert.deepEqual((await readStatement(fixture('amex.csv'), { profile: 'generic' })).formerly, []);
  });
});
