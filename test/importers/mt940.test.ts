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
      invalid(20, 'date "240230" is not a real day'),
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
        invalid(4, ':61: column 5: expected the value date as YYMMDD, found "2401X1"'),
        invalid(5, ':61: column 15: expected the debit/credit mark (C, D, RC or RD), found "X5"'),
        invalid(6, ':61: column 17: expected the amount (digits with a decimal comma), found "TRF"'), // N read as the funds code
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
});
