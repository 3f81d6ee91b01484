import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRealDate } from '../../src/domain/dates.js';
import { parseSortSpec, SortSpecError } from '../../src/domain/sort.js';
import { foldForSearch, forbiddenCharacterIn } from '../../src/domain/text.js';

describe('parseSortSpec', () => {
  it('reads fields with - for descending and + or nothing for ascending', () => {
    assert.deepEqual(parseSortSpec('-date,value,+category'), [
      { field: 'date', descending: true },
      { field: 'value', descending: false },
      { field: 'category', descending: false },
    ]);
  });

  it('takes a leading space as +, since an unencoded + in a query string arrives as a space', () => {
    assert.deepEqual(parseSortSpec(' value'), [{ field: 'value', descending: false }]);
  });

  it('refuses unknown fields, empty positions and repeated fields', () => {
    assert.throws(() => parseSortSpec('amount'), SortSpecError);
    assert.throws(() => parseSortSpec('date,'), /must name a field/);
    assert.throws(() => parseSortSpec('date,-date'), /more than once/);
    assert.throws(() => parseSortSpec('id;DROP TABLE transactions'), SortSpecError);
  });
});

describe('foldForSearch', () => {
  it('folds case beyond ASCII', () => {
    assert.equal(foldForSearch('CAFÉ'), foldForSearch('café'));
    assert.equal(foldForSearch('STRASSE'), foldForSearch('straße'));
    assert.equal(foldForSearch('ΣΊΣΥΦΟΣ'), foldForSearch('σίσυφος'));
  });

  it('matches composed and decomposed accents alike but keeps accents distinct from plain letters', () => {
    assert.equal(foldForSearch('Cafe\u0301'), foldForSearch('Café'));
    assert.notEqual(foldForSearch('cafe'), foldForSearch('café'));
  });

  it('leaves LIKE wildcards as ordinary characters', () => {
    assert.equal(foldForSearch('50% OFF_X\\'), '50% off_x\\');
  });
});

describe('forbiddenCharacterIn', () => {
  it('refuses NUL and lone surrogates, accepts everything else', () => {
    assert.match(forbiddenCharacterIn('a\u0000b') ?? '', /NUL/);
    assert.match(forbiddenCharacterIn('a\ud800b') ?? '', /surrogate/);
    assert.match(forbiddenCharacterIn('\udc00') ?? '', /surrogate/);
    assert.equal(forbiddenCharacterIn('emoji 😀 and ü'), null);
  });
});

describe('isRealDate', () => {
  it('accepts real days including 29 February of leap years', () => {
    for (const date of ['2024-02-29', '2000-02-29', '2023-12-31', '0001-01-01']) assert.equal(isRealDate(date), true, date);
  });

  it('refuses impossible days and other shapes', () => {
    for (const date of ['2023-02-29', '1900-02-29', '2023-02-30', '2023-04-31', '2023-13-01', '2023-00-10', '2023-1-01', '2023-01-01T00:00:00Z', '20230101', ' 2023-01-01']) {
      assert.equal(isRealDate(date), false, date);
    }
  });
});
