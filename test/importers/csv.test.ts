import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { balanceLineLabel } from '../../src/importers/csv/balance-lines.js';
import { fixture, invalid, readStatement, row, skipped } from './statement-helpers.js';

describe('CSV statements', () => {
  it('reads a UTF-8 file with BOM and CRLF using the generic profile, reporting bad rows', async () => {
    const result = await readStatement(fixture('generic-bom-crlf.csv'));
    assert.equal(result.format, 'csv');
    assert.equal(result.bankNameHint, undefined);
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-01-02', description: 'Coffee Corner, Main St', value: -3.8, bankTransactionId: 'TX-1001', category: 'Eating out' }),
      row({ line: 3, date: '2024-01-03', description: 'Salary ACME Corp', value: 2500, bankTransactionId: 'TX-1002', category: 'Income' }),
      row({ line: 4, date: '2024-01-05', description: 'Refund web shop', value: -12.5, bankTransactionId: 'TX-1003' }),
      invalid(5, 'missing column "Amount" (the row has 2 fields)', '2024-01-06,Broken row'),
      invalid(6, 'date "2024-13-01" has no month 13', '2024-13-01,Impossible month,-5.00,,TX-1005'),
      invalid(7, 'amount "abc" has no digits', '2024-01-08,Gym,abc,Sport,TX-1006'),
      row({ line: 9, date: '2024-01-09', description: 'Bookshop "Pages"', value: -19.99, category: 'Shopping' }),
    ]);
  });

  it('reads a Windows-1252 German export with preamble, Soll/Haben and a multi-line field', async () => {
    const result = await readStatement(fixture('de-soll-haben-win1252.csv'), { profile: 'de-soll-haben' });
    assert.deepEqual(result.items, [
      row({ line: 6, date: '2024-01-02', description: 'Stadtwerke Düsseldorf Abschlag Strom Januar 2024', value: -1234.56 }),
      row({ line: 8, date: '2024-01-03', description: 'Arbeitgeber GmbH Gehalt Januar', value: 2500 }),
      row({ line: 9, date: '2024-01-04', description: 'Bäckerei Schäfer Brötchen', value: -4.2 }),
      invalid(10, 'date "31.02.2024" is not a real day', '"31.02.2024";"31.02.2024";"Gutschrift";"Fehler";"Falsches Datum";"";"5,00";"EUR"'),
      invalid(11, 'neither "Soll" nor "Haben" has an amount', '"05.01.2024";"05.01.2024";"Gebühr";"Bank";"Kontoführung";"";"";"EUR"'),
      // The closing "Kontostand" line has no date: it was refused as invalid, which refused the file.
      skipped(12, 'balance line ("Kontostand"): not a transaction', { label: 'Kontostand', value: 3456.78 }),
    ]);
  });

  it('reads a Sparkasse CSV-CAMT export with two-digit years and ignores NOTPROVIDED references', async () => {
    const result = await readStatement(fixture('sparkasse-csv-camt.csv'), { profile: 'sparkasse-csv-camt' });
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-01-15', description: 'FitWerk Köln GmbH Beitrag Fitnessstudio 01/2024', value: -29.9, bankTransactionId: 'E2E-2024-0001', account: 'DE44500105175407324931' }),
      row({ line: 3, date: '2024-01-16', description: 'Ärzte ohne Grenzen e.V. Rückzahlung Grillfest', value: 1015, account: 'DE44500105175407324931' }),
      invalid(4, 'date "29.02.23" is not a real day', '"DE44500105175407324931";"29.02.23";"29.02.23";"BARGELDAUSZAHLUNG";"GA 12345";"";"";"";"";"";"";"";"";"";"-50,00";"EUR";"Umsatz gebucht"'),
    ]);
  });

  it('reads a UTF-16 LE tab-separated spreadsheet export and guesses DD/MM/YYYY from an unambiguous day', async () => {
    const result = await readStatement(fixture('excel-unicode-text-utf16le.txt'));
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-01-03', description: 'Corner shop', value: -7.45 }),
      row({ line: 3, date: '2024-01-25', description: 'Transfer from savings', value: 300 }),
      row({ line: 5, date: '2024-01-31', description: 'Interest', value: 0.12 }),
    ]);
  });

  it('reads a US export with parentheses for negatives and dollar signs', async () => {
    const result = await readStatement(fixture('us-bank-parentheses.csv'), { profile: 'us-bank' });
    assert.deepEqual(result.items, [
      row({ line: 2, date: '2024-01-05', description: 'AMAZON.COM, INC. Order 112-334', value: -1234.56, bankTransactionId: '202401050001', category: 'Shopping' }),
      row({ line: 3, date: '2024-01-06', description: 'PAYROLL DEPOSIT', value: 3100, bankTransactionId: '202401060002', category: 'Income' }),
      row({ line: 4, date: '2024-01-07', description: 'ATM WITHDRAWAL', value: -40, bankTransactionId: '202401070003', category: 'Cash' }),
      invalid(5, 'date "02/30/2024" is not a real day', '02/30/2024,VOID,,(5.00),,202402300004'),
    ]);
  });

  it('reads a UK export whose header is below an account preamble', async () => {
    const result = await readStatement(fixture('uk-bank-preamble.csv'), { profile: 'uk-bank' });
    assert.deepEqual(result.items, [
      row({ line: 6, date: '2024-01-31', description: 'COUNCIL TAX', value: -142 }),
      row({ line: 7, date: '2024-01-30', description: 'SALARY', value: 2150 }),
      row({ line: 8, date: '2024-01-29', description: 'TESCO STORES 3021', value: -23.17 }),
    ]);
  });

  it('can be iterated twice with the same result', async () => {
    const { openStatement } = await import('../../src/importers/index.js');
    const statement = await openStatement(fixture('uk-bank-preamble.csv'), { profile: 'uk-bank' });
    const lines = async () => {
      const out: number[] = [];
      for await (const item of statement.items) out.push(item.kind === 'row' ? item.row.line : item.line);
      return out;
    };
    assert.deepEqual(await lines(), [6, 7, 8]);
    assert.deepEqual(await lines(), [6, 7, 8]);
  });

  describe('balance lines are skipped, with the balance they state', () => {
    const balance = (label: string) => `balance line ("${label}"): not a transaction`;

    it('German: Anfangssaldo, Endsaldo and a dated Kontostand without a booking date', async () => {
      assert.deepEqual((await readStatement(fixture('balance-lines-de.csv'))).items, [
        skipped(2, balance('Anfangssaldo'), { label: 'Anfangssaldo', date: '2024-03-01', value: 1520.33 }),
        row({ line: 3, date: '2024-03-01', description: 'REWE Markt GmbH Einkauf', value: -23.5 }),
        row({ line: 4, date: '2024-03-04', description: 'Stadtwerke Abschlag Strom', value: -58 }),
        row({ line: 5, date: '2024-03-05', description: 'Gehalt Maerz 2024 Beispiel GmbH', value: 2400 }),
        skipped(6, balance('Endsaldo'), { label: 'Endsaldo', date: '2024-03-31', value: 3838.83 }),
        skipped(7, balance('Kontostand am 31.03.2024'), { label: 'Kontostand am 31.03.2024', date: '2024-03-31', value: 3838.83 }),
      ]);
    });

    it('English: opening and closing balance rows without an amount, the balance in its column', async () => {
      assert.deepEqual((await readStatement(fixture('balance-lines-en.csv'))).items, [
        skipped(2, balance('Opening balance'), { label: 'Opening balance', date: '2024-03-01', value: 1520.33 }),
        row({ line: 3, date: '2024-03-02', description: 'TESCO STORES 2041', value: -23.5 }),
        row({ line: 4, date: '2024-03-04', description: 'DIRECT DEBIT BRITISH GAS', value: -58 }),
        row({ line: 5, date: '2024-03-05', description: 'SALARY ACME LTD', value: 2400 }),
        skipped(6, balance('Closing balance'), { label: 'Closing balance', date: '2024-03-31', value: 3838.83 }),
      ]);
    });

    it('Spanish, read with a profile of your own: Saldo Anterior, Saldo inicial, Saldo final', async () => {
      const profile = fileURLToPath(new URL('../fixtures/import/es-bank-profile.json', import.meta.url));
      assert.deepEqual((await readStatement(fixture('balance-lines-es.csv'), { profile })).items, [
        skipped(2, balance('Saldo Anterior'), { label: 'Saldo Anterior', date: '2024-02-29', value: 1520.33 }),
        skipped(3, balance('Saldo inicial'), { label: 'Saldo inicial', date: '2024-03-01', value: 1520.33 }),
        row({ line: 4, date: '2024-03-02', description: 'COMPRA TARJ. MERCADONA VALENCIA', value: -23.5 }),
        row({ line: 5, date: '2024-03-04', description: 'RECIBO IBERDROLA CLIENTES', value: -58 }),
        row({ line: 6, date: '2024-03-05', description: 'TRANSFERENCIA NOMINA EJEMPLO SL', value: 2400 }),
        skipped(7, balance('Saldo final'), { label: 'Saldo final', date: '2024-03-31', value: 3838.83 }),
      ]);
    });

    it('a description that only mentions a balance is a transaction', async () => {
      assert.equal(balanceLineLabel('Saldo Kreditkarte Abrechnung 03/2024'), undefined);
      assert.equal(balanceLineLabel('Opening balance transfer from savings'), undefined);
      assert.equal(balanceLineLabel('  closing   BALANCE: '), 'closing BALANCE:');
      assert.equal(balanceLineLabel('Saldo al 31/03/2024'), 'Saldo al 31/03/2024');
    });
  });
});
