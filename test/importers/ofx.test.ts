import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixture, invalid, readStatement, row, skipped } from './statement-helpers.js';

describe('OFX and QFX statements', () => {
  it('reads OFX 1.x SGML with two accounts, a 1252 charset, entities and an impossible date', async () => {
    const result = await readStatement(fixture('ofx1-sgml-two-accounts.ofx'));
    assert.equal(result.format, 'ofx');
    assert.equal(result.bankNameHint, 'Crédit Exemple');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-01-03', description: 'Café & Bar "Olé" POS PURCHASE', value: -45.1, bankTransactionId: '2024010301', account: '000123456789' }),
      row({ line: 2, date: '2024-01-15', description: 'DIRECT DEPOSIT', value: 1500, bankTransactionId: '2024011502', account: '000123456789' }),
      invalid(3, 'date "20240230" is not a real day', '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240230<TRNAMT>-9.99<FITID>2024023003<NAME>STREAMING</STMTTRN>'),
      row({ line: 4, date: '2024-01-31', description: 'INTEREST PAID', value: 2.31, bankTransactionId: 'S-20240131-INT', account: '000987654321' }),
    ]);
  });

  it('reads OFX 2.x XML credit-card statements, PAYEE aggregates and decimal commas', async () => {
    const result = await readStatement(fixture('ofx2-xml-credit-card.ofx'));
    assert.equal(result.bankNameHint, 'Northwind Card Services');
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-02-29', description: 'Zürich Hotel <Lakeside> Room service', value: -89.9, bankTransactionId: 'CC-0229-001', account: '4111********1111' }),
      row({ line: 2, date: '2024-02-10', description: 'Payment - thank you', value: 250, bankTransactionId: 'CC-0210-002', account: '4111********1111' }),
      invalid(3, 'transaction has no TRNAMT amount', '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240211<FITID>CC-0211-003<NAME>No amount</STMTTRN>'),
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

  it('reads the bank rows of an investment statement (INVBANKTRAN) and skips its securities trades, saying why', async () => {
    const result = await readStatement(fixture('ofx1-investment-cash.ofx'));
    assert.equal(result.format, 'ofx');
    assert.equal(result.bankNameHint, 'Example Brokerage');
    const account = 'Z12345678';
    const trade = (line: number, name: string, what: string) =>
      skipped(line, `${name} is a securities trade (${what}), not a bank transaction: only the bank rows (INVBANKTRAN) of an investment statement are imported`);
    assert.deepEqual(result.items, [
      row({ line: 1, date: '2024-02-01', description: 'ACME CORP PAYROLL DIRECT DEPOSIT', value: 2750, bankTransactionId: 'X0201A', account }),
      trade(2, 'BUYSTOCK', 'a purchase of stock'),
      row({ line: 3, date: '2024-02-09', description: 'DEBIT CARD PURCHASE CORNER GROCERY', value: -42.17, bankTransactionId: 'X0209C', account }),
      trade(4, 'INCOME', 'income from a security: dividend, interest, capital gains'),
      trade(5, 'REINVEST', 'income reinvested in the security'),
      trade(6, 'SELLMF', 'a sale of mutual fund shares'),
      row({ line: 7, date: '2024-02-26', description: 'Check 1042', value: -600, bankTransactionId: 'X0226G', account }),
    ]);
    assert.deepEqual(result.notes, [
      'investment statement: its 3 bank rows (INVBANKTRAN) are read; its 4 securities trades (BUYSTOCK, INCOME, REINVEST, SELLMF) are skipped, as they are not bank transactions',
    ]);
  });
});
