import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixture, invalid, readStatement, row } from './statement-helpers.js';

describe('OFX and QFX statements', () => {
  it('reads OFX 1.x SGML with two accounts, a 1252 charset, entities and an impossible date', async () => {
    const result = await readStatement(fixture('ofx1-sgml-two-accounts.ofx'));
    assert.equal(result.format, 'ofx');
    assert.equal(result.bankNameHint, 'Crédit Exemple');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-01-03', description: 'Café & Bar "Olé" POS PURCHASE', value: -45.1, bankTransactionId: '2024010301', account: '000123456789' }),
      row({ line: 2, date: '2024-01-15', description: 'DIRECT DEPOSIT', value: 1500, bankTransactionId: '2024011502', account: '000123456789' }),
      invalid(3, 'date "20240230" is not a real day'),
      row({ line: 4, date: '2024-01-31', description: 'INTEREST PAID', value: 2.31, bankTransactionId: 'S-20240131-INT', account: '000987654321' }),
    ]);
  });

  it('reads OFX 2.x XML credit-card statements, PAYEE aggregates and decimal commas', async () => {
    const result = await readStatement(fixture('ofx2-xml-credit-card.ofx'));
    assert.equal(result.bankNameHint, 'Northwind Card Services');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-02-29', description: 'Zürich Hotel <Lakeside> Room service', value: -89.9, bankTransactionId: 'CC-0229-001', account: '4111********1111' }),
      row({ line: 2, date: '2024-02-10', description: 'Payment - thank you', value: 250, bankTransactionId: 'CC-0210-002', account: '4111********1111' }),
      invalid(3, 'transaction has no TRNAMT amount'),
    ]);
  });

  it('reads a QFX download written on one line', async () => {
    const result = await readStatement(fixture('bank-download.qfx'));
    assert.equal(result.format, 'ofx');
    assert.equal(result.bankNameHint, 'B1');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-04-02', description: 'CHECK 1042', value: -1200, bankTransactionId: '3317', account: '5550001111' }),
      row({ line: 2, date: '2024-04-05', description: 'SHELL OIL 5744 Fuel — pump 4', value: -64.27, bankTransactionId: '3318', account: '5550001111' }),
    ]);
  });
});
