/**
 * A CAMT.053 file is read entry by entry when it can be cut into its entries (issue 28, item 16:
 * the whole tree of a 95 MiB file took 1.8 GB). The cut keeps each entry's text exactly, leaves
 * placeholders where they were, and refuses what it could read differently (then the file is read
 * whole, as before); the readings are the same either way (camt053.test.ts, real-exports.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { cutEntries } from '../../src/importers/camt053-entries.js';
import { fixture } from './statement-helpers.js';

describe('cutting a CAMT.053 file into its entries', () => {
  const text = readFileSync(fixture('camt053-v02.xml'), 'utf8');

  it('keeps every entry whole, in file order, and a placeholder in its place', () => {
    const cut = cutEntries(text);
    assert.ok(cut, 'a plain statement is cut');
    const entries = text.match(/<Ntry>[\s\S]*?<\/Ntry>/g) ?? [];
    assert.ok(entries.length > 1);
    assert.deepEqual(cut.entries, entries);
    assert.equal(cut.skeleton.match(/<Ntry\/>/g)?.length, entries.length);
    assert.equal(cut.skeleton.includes('NtryRef'), false, 'no entry text is left in the document');
  });

  it('keeps a namespace prefix and an empty entry', () => {
    const prefixed = text.replace(/<(\/?)Ntry>/g, '<$1c:Ntry>');
    assert.equal(cutEntries(prefixed)?.skeleton.match(/<c:Ntry\/>/g)?.length, cutEntries(text)?.entries.length);
    assert.equal(cutEntries(text.replace('<Ntry>', '<Ntry/><Ntry>'))?.entries[0], '<Ntry/>');
  });

  it('leaves to the whole parse what it could read differently', () => {
    for (const [what, changed] of [
      ['a comment', text.replace('<Ntry>', '<!-- </Ntry> --><Ntry>')],
      ['CDATA', text.replace('Miete', '<![CDATA[</Ntry>]]>')],
      ['a DOCTYPE', text.replace('<Document', '<!DOCTYPE Document><Document')],
      ['an attribute on an entry', text.replace('<Ntry>', '<Ntry a="x>">')],
      ['a closing tag with a space', text.replace(/<\/Ntry>(?![\s\S]*<\/Ntry>)/, '</Ntry >')],
      ['an entry inside an entry', text.replace('<NtryRef>', '<Ntry><NtryRef>')],
    ] as const) {
      assert.equal(cutEntries(changed), undefined, what);
    }
  });
});
