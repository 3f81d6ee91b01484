import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { detectFormat } from '../../src/importers/index.js';
import { detectEncoding } from '../../src/importers/encoding.js';
import { fixture } from './statement-helpers.js';

const head = (name: string) => readFileSync(fixture(name)).subarray(0, 4096);

describe('detectFormat', () => {
  it('recognises every fixture by its content', () => {
    const expected = {
      'generic-bom-crlf.csv': 'csv',
      'de-soll-haben-win1252.csv': 'csv',
      'sparkasse-csv-camt.csv': 'csv',
      'excel-unicode-text-utf16le.txt': 'csv',
      'us-bank-parentheses.csv': 'csv',
      'uk-bank-preamble.csv': 'csv',
      'ofx1-sgml-two-accounts.ofx': 'ofx',
      'ofx2-xml-credit-card.ofx': 'ofx',
      'bank-download.qfx': 'ofx',
      'quicken-date-styles.qif': 'qif',
      'european-ccard.qif': 'qif',
      'camt053-v02.xml': 'camt053',
      'camt053-v08-two-accounts.xml': 'camt053',
      'mt940-two-statements.sta': 'mt940',
    } as const;
    for (const [name, format] of Object.entries(expected)) {
      assert.equal(detectFormat(head(name)), format, name);
    }
  });

  it('trusts content over a misleading file name', () => {
    assert.equal(detectFormat(head('mt940-two-statements.sta'), 'export.csv'), 'mt940');
    assert.equal(detectFormat(head('quicken-date-styles.qif'), 'statement.ofx'), 'qif');
  });

  it('recognises MT940 wrapped in SWIFT blocks', () => {
    const text = '{1:F01COBADEFFAXXX0000000000}{2:I940COBADEFFXXXXN}{4:\r\n:20:STARTUMS\r\n:25:DE89370400440532013000\r\n:28C:1/1\r\n-}';
    assert.equal(detectFormat(Buffer.from(text)), 'mt940');
  });

  it('uses the extension only to settle a one-line delimited file', () => {
    const oneLine = Buffer.from('Date,Description,Amount\n');
    assert.equal(detectFormat(oneLine, 'export.csv'), 'csv');
    assert.equal(detectFormat(oneLine), null);
  });

  it('rejects XML that is no camt message, binary data and prose', () => {
    assert.equal(detectFormat(Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel/></rss>')), null);
    assert.equal(detectFormat(Buffer.from('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>')), null);
    assert.equal(detectFormat(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02])), null);
    assert.equal(detectFormat(Buffer.from('Dear customer,\nplease find attached your statement.\n')), null);
  });

  it('recognises MT940 written on one line with HBCI @@ separators, and indented', () => {
    assert.equal(detectFormat(Buffer.from(':20:STARTUMS@@:25:12345678/0001234567@@:28C:1/1@@:60F:C240102EUR1,00@@-@@')), 'mt940');
    assert.equal(detectFormat(Buffer.from('  :20:STARTUMS\n  :25:12345678/0001234567\n  :60F:C240102EUR1,00\n')), 'mt940');
  });

  it('hands camt.052 and camt.054 to the CAMT reader, which says they are not statements', () => {
    assert.equal(detectFormat(Buffer.from('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"/>')), 'camt053');
    assert.equal(detectFormat(Buffer.from('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"/>')), 'camt053');
    assert.equal(detectFormat(Buffer.from('<?xml version="1.0"?><Document xmlns="urn:example:bank"><BkToCstmrStmt/></Document>')), 'camt053');
  });
});

describe('detectEncoding', () => {
  it('tells UTF-8 (with and without BOM), UTF-16 LE/BE and Windows-1252 apart', () => {
    assert.equal(detectEncoding(Buffer.from('\uFEFFDatum;Betrag\n', 'utf8')), 'utf8');
    assert.equal(detectEncoding(Buffer.from('Straße;1,00\n', 'utf8')), 'utf8');
    assert.equal(detectEncoding(iconv.encode('Date,Amount\n', 'utf16le', { addBOM: true })), 'utf16le');
    assert.equal(detectEncoding(iconv.encode('Date,Amount\n', 'utf16be', { addBOM: true })), 'utf16be');
    assert.equal(detectEncoding(iconv.encode('Date,Amount\n', 'utf16le')), 'utf16le');
    assert.equal(detectEncoding(iconv.encode('Straße;1,00\n', 'windows1252')), 'windows1252');
  });
});
