/**
 * An OFX file's transactions are read one at a time as their elements close (issue 28, item 16:
 * the whole tree of a 95 MiB file took about 1.7 GB). Each closed transaction keeps only the
 * fields a row is made of; a transaction holding what the reader searches the whole tree for is
 * left to the whole-tree parse. The readings are the same either way, on every OFX file the
 * tests hold (ofx.test.ts, real-exports.test.ts read them through the import as well).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { readDecodedFile } from '../../src/importers/encoding.js';
import { parseOfxEntryByEntry, type ReadEntry } from '../../src/importers/ofx/ofx-entries.js';
import { declaredEncoding, ofxStatementOf } from '../../src/importers/ofx/ofx-statement.js';
import { findAll, type OfxNode, parseOfxTree } from '../../src/importers/ofx/ofx-tree.js';
import { deeplyNested } from './nesting-samples.js';
import { fixture } from './statement-helpers.js';

const fixtures = readdirSync(fixture('.')).filter((name) => /\.(ofx|qfx)$/i.test(name));
const sgml = readFileSync(fixture('ofx1-sgml-two-accounts.ofx'), 'latin1');
const xml = readFileSync(fixture('ofx2-xml-credit-card.ofx'), 'utf8');

/** Files that read the same but exercise the tokenizer's odd corners. */
const variants: Array<[string, string]> = [
  ['an SGML transaction without its close tag, ended by its list', sgml.replace(/<\/STMTTRN>(\s*<\/BANKTRANLIST>)/, '$1')],
  ['an empty SGML MEMO that swallows what follows', sgml.replace('<MEMO>', '<MEMO>\n<CHECKNUM>7\n<MEMO>')],
  ['an XML transaction with CDATA and a self-closed leaf', xml.replace('<NAME>', '<MEMO/><NAME><![CDATA[</STMTTRN>]]>')],
  ['a transaction outside any statement', sgml.replace('<BANKMSGSRSV1>', '<STMTTRN><TRNAMT>1<DTPOSTED>20240101</STMTTRN><BANKMSGSRSV1>')],
  ['the nesting sample', deeplyNested(20).ok as string],
];

function both(text: string, label: string, overruled?: Parameters<typeof ofxStatementOf>[1]) {
  return { byEntry: ofxStatementOf(text, overruled, label), whole: ofxStatementOf(text, overruled, label, true) };
}

describe('reading an OFX file transaction by transaction', () => {
  it('reads every OFX fixture as the whole-tree parse does', async () => {
    assert.ok(fixtures.length >= 6, fixtures.join(', '));
    for (const name of fixtures) {
      const { text, overruled } = await readDecodedFile(fixture(name), declaredEncoding);
      const { byEntry, whole } = both(text, name, overruled);
      assert.ok(byEntry.items.length > 0, name);
      assert.deepEqual(byEntry, whole, name);
      assert.ok(parseOfxEntryByEntry(text, name), `${name} is read transaction by transaction`);
    }
  });

  it('reads the tokenizer\'s odd corners the same way', () => {
    for (const [what, text] of variants) {
      assert.notEqual(text, sgml, what);
      const { byEntry, whole } = both(text, what);
      assert.deepEqual(byEntry, whole, what);
    }
  });

  it('keeps only each closed transaction\'s fields, not its subtree', () => {
    const tree = parseOfxEntryByEntry(sgml, 'f.ofx') as OfxNode;
    const whole = findAll(parseOfxTree(sgml, 'f.ofx'), 'STMTTRN');
    const read = findAll(tree, 'STMTTRN') as ReadEntry[];
    assert.equal(read.length, whole.length);
    assert.ok(whole.every((node) => node.children.length > 0));
    for (const entry of read) {
      assert.deepEqual(entry.children, []);
      assert.ok(entry.fields?.DTPOSTED, 'its date is kept');
    }
    assert.equal(read[0]?.fields?.NAME, 'Café & Bar "Olé"');
  });

  it('leaves to the whole parse a transaction that holds what the reader searches for', () => {
    for (const [what, text] of [
      ['an account inside a transaction', sgml.replace('<TRNAMT>', '<BANKACCTFROM><ACCTID>9</BANKACCTFROM><TRNAMT>')],
      ['a transaction inside a transaction', sgml.replace('<TRNAMT>', '<STMTTRN><TRNAMT>2<DTPOSTED>20240101</STMTTRN><TRNAMT>')],
      ['a trade inside a transaction', sgml.replace('<TRNAMT>', '<BUYSTOCK><UNITS>1</BUYSTOCK><TRNAMT>')],
      ['a statement inside a transaction', sgml.replace('<TRNAMT>', '<STMTRS><CURDEF>EUR</STMTRS><TRNAMT>')],
    ] as const) {
      assert.equal(parseOfxEntryByEntry(text, what), undefined, what);
      const { byEntry, whole } = both(text, what);
      assert.deepEqual(byEntry, whole, what);
    }
  });
});
