import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describeMt940Details } from '../../src/importers/mt940/mt940-details.js';
import { fixture, invalid, readStatement, row } from './statement-helpers.js';

describe('MT940 statements', () => {
  it('reads two statements with CRLF, Windows-1252, multi-line structured :86: and reversals', async () => {
    const result = await readStatement(fixture('mt940-two-statements.sta'));
    assert.equal(result.format, 'mt940');
    assert.equal(result.bankNameHint, undefined);
    const first = '37040044/0532013000';
    assert.deepEqual(result.items, [
      // Value date 2023-12-29, entry date 01-02: the booking date is in the next year.
      // The booking text (FOLGELASTSCHRIFT) is left out: the name and remittance say it all.
      row({ line: 5, date: '2024-01-02', description: 'Stadtwerke Düsseldorf AG Stromabschlag Januar 2024', value: -45.1, bankTransactionId: '9876543210', account: first }),
      row({ line: 9, date: '2024-01-03', description: 'Arbeitgeber GmbH Gehalt Januar', value: 2500, account: first }),
      row({ line: 11, date: '2024-01-04', description: 'Storno Gutschrift vom 02.01.2024', value: -12, account: first }),
      invalid(20, 'date "240230" is not a real day', ':61:240230D5,00NMSCNONREF\n:86:Falsches Datum'),
      row({ line: 22, date: '2024-01-05', description: '', value: -1.5, bankTransactionId: 'B-1', account: 'DE89370400440532013000' }),
    ]);
  });

  it('keeps the booking text when a structured field has no name or remittance', () => {
    assert.equal(describeMt940Details(['835?00ENTGELTABSCHLUSS?109999']), 'ENTGELTABSCHLUSS');
  });

  it('joins 27-character remittance pieces without inventing spaces', () => {
    assert.equal(describeMt940Details(['166?00GUTSCHRIFT?20SVWZ+Rechnung 2024-0815 Kund', '?21ennummer 42?32Muster AG']), 'Muster AG Rechnung 2024-0815 Kundennummer 42');
  });

  it('names the field and the column when a :61: line does not parse', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'moneta-mt940-'));
    try {
      const path = join(dir, 'broken.sta');
      await writeFile(path, [
        ':20:STMT', ':25:DE89370400440532013000', ':60F:C240101EUR0,00',
        ':61:2401X1C5,00NTRFNONREF', ':61:240102    X5,00NTRFNONREF', ':61:2401030103CNTRFNONREF', ':61:240104    D7,25NTRFNONREF//REF-4',
        ':62F:C240104EUR0,00', '-', '',
      ].join('\r\n'));
      assert.deepEqual((await readStatement(path)).items, [
        invalid(4, ':61: column 5: expected the value date as YYMMDD, found "2401X1"', ':61:2401X1C5,00NTRFNONREF'),
        invalid(5, ':61: column 15: expected the debit/credit mark (C, D, RC or RD), found "X5"', ':61:240102    X5,00NTRFNONREF'),
        invalid(6, ':61: column 17: expected the amount (digits with a decimal comma), found "TRF"', ':61:2401030103CNTRFNONREF'), // N read as the funds code
        row({ line: 7, date: '2024-01-04', description: '', value: -7.25, bankTransactionId: 'REF-4', account: 'DE89370400440532013000' }),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('describes structured :86: fields by counterparty (?32 ?33) and remittance (?20-?29, ?60-?63), not the booking text (?00)', async () => {
    const account = '70090500/0004711815';
    assert.deepEqual((await readStatement(fixture('mt940-structured-details.sta'))).items, [
      row({ line: 5, date: '2024-04-02', description: 'FitX Deutschland GmbH Mitgliedsbeitraege April 2024', value: -29.9, bankTransactionId: '240402A100', account }),
      row({ line: 8, date: '2024-04-03', description: 'Hausverwaltung Muster und Sohn GmbH Miete April 2024 Wohnung 12, 3. OG inkl. Nebenkosten', value: -845, bankTransactionId: '240403A101', account }),
      row({ line: 11, date: '2024-04-03', description: 'Kontofuehrung Maerz 2024', value: -7.45, account }),
      // Neither a name nor a remittance: the booking text is all there is.
      row({ line: 13, date: '2024-04-04', description: 'ZINSEN/ENTGELT', value: 0.12, account }),
      // A space before the code (some Polish and Swiss banks): still structured; fingerprints keep the free-text reading.
      row({ line: 15, date: '2024-04-04', description: 'Jana Beispiel Rueckzahlung Konzertkarten', fingerprintText: '166?00GUTSCHRIFT?20SVWZ+Rueckzahlung Konzertkarten?32Jana Beispiel', value: 150, bankTransactionId: '240404A102', account }),
    ]);
  });

  it('keeps every entry of a Sparkasse export wrapped at a fixed width: a tag split after its colon, an amount on the next line, a time read as a tag', async () => {
    const account = '50010517/5407324931';
    assert.deepEqual((await readStatement(fixture('mt940-sparkasse-wrapped.sta'))).items, [
      // ":30:45" continues the time 12:30:45; it is no field (minutes and seconds stop at 59).
      row({ line: 5, date: '2024-02-01', description: 'BAECKEREI KRUSE 2024-02-01T12:30:45 Debitk.12 2025-12', fingerprintText: '2024-02-01T12', value: -12.5, account }),
      row({ line: 8, date: '2024-02-01', description: 'BAECKEREI KRUSE 2024-02-01T17:05:12 Debitk.12 2025-12', value: -12.5, account }),
      row({ line: 11, date: '2024-02-02', description: 'ARAL Tankstelle Nord', value: -45.9, account }),
      // The tag's colon alone on line 14, "61:" on line 15: this entry was lost without a word.
      row({ line: 14, date: '2024-02-03', description: 'Muster Technik GmbH Gehalt Februar', value: 2500, bankTransactionId: '8802', account }),
      row({ line: 18, date: '2024-02-03', description: '', value: -3, account }),
      row({ line: 25, date: '2024-02-05', description: 'Immobilien Vogt Miete Februar', value: -800, account }),
    ]);
  });

  it('joins the :86: fields a bank repeats for one entry (Rabobank), and reads tags after spaces or @@ line separators', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'moneta-mt940-'));
    try {
      const rabobank = join(dir, 'rabobank.sta');
      await writeFile(rabobank, [
        ':940:', ':20:940A110617', ':25:1291.99.348EUR', ':28:00000/00', ':60F:C110616EUR0000000001295,82',
        ':61:110617D000000000044,95N0600733959555      T-MOBILE NETHERLANDS BV', ':86:BETALINGSKENM.  123456789', ':86:FACTUURNUMMER 987654321',
        ':61:110617D000000000006,20NMSCP000029225      NS-Utrecht C. 117 UTRECHT', ':86:Betaalautomaat 08:22 pasnr. 001',
        ':62F:C110617EUR0000000001244,67', '',
      ].join('\n'));
      assert.deepEqual((await readStatement(rabobank)).items, [
        row({ line: 6, date: '2011-06-17', description: 'BETALINGSKENM. 123456789 FACTUURNUMMER 987654321', fingerprintText: 'BETALINGSKENM. 123456789', value: -44.95, account: '1291.99.348EUR' }),
        row({ line: 9, date: '2011-06-17', description: 'Betaalautomaat 08:22 pasnr. 001', value: -6.2, account: '1291.99.348EUR' }),
      ]);
      const hbci = join(dir, 'hbci.sta');
      await writeFile(hbci, ':20:STARTUMS@@:25:12345678/0001234567@@:28C:1/1@@:60F:C240102EUR1,00@@:61:2401020102CR1,00NTRFNONREF@@:86:166?00GUTSCHRIFT?20Test@@  :61:2401030103DR0,50NTRFNONREF@@:62F:C240103EUR1,50@@-@@');
      assert.deepEqual((await readStatement(hbci)).items, [
        row({ line: 5, date: '2024-01-02', description: 'Test', value: 1, account: '12345678/0001234567' }),
        row({ line: 7, date: '2024-01-03', description: '', value: -0.5, account: '12345678/0001234567' }),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
