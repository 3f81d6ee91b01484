import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixture, invalid, readStatement, row, skipped } from './statement-helpers.js';

describe('CAMT.053 statements', () => {
  it('reads version .001.02: plain Sts, several Ustrd, BIC as bank hint, pending entry reported as skipped', async () => {
    const result = await readStatement(fixture('camt053-v02.xml'));
    assert.equal(result.format, 'camt053');
    assert.equal(result.bankNameHint, 'COBADEFFXXX');
    const account = 'DE89370400440532013000';
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-01-31', description: 'Hausverwaltung Schmidt & Co. KG Miete Januar 2024 Wohnung 3.OG links', value: -1234.56, bankTransactionId: '2024013100012345', account }),
      skipped(2, 'pending (status PDNG): not booked yet'),
      row({ line: 3, date: '2024-01-31', description: 'Kontoführungsentgelt Januar', value: -0.99, bankTransactionId: '000003', account }),
      invalid(4, 'date "2024-02-30" is not a real day'),
    ]);
  });

  it('reads version .001.08: Sts/Cd, DtTm booking dates, Pty names and two accounts', async () => {
    const result = await readStatement(fixture('camt053-v08-two-accounts.xml'));
    assert.equal(result.bankNameHint, 'PostFinance AG');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-03-01', description: 'Zürcher Verkehrsverbund Monatsabo März', value: -45, bankTransactionId: 'PF-20240301-0001', account: 'CH9300762011623852957' }),
      skipped(2, 'pending (status PDNG): not booked yet'),
      row({ line: 3, date: '2024-03-01', description: 'Employer SA Lohn Februar', value: 3000, bankTransactionId: 'B-77', account: '0000-5555-9' }),
    ]);
  });
});
