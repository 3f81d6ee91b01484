import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunks, IDS_PER_REQUEST, rowsText, selectionFilter } from '../../web/src/lib/bulk.js';

describe('web bulk selection logic', () => {
  it('the list\'s filter becomes the API\'s selection: no order, uncategorised as null, none without a filter', () => {
    assert.deepEqual(selectionFilter({ description: 'aldi', category: '', sort: '-date', minValue: -10 }), { description: 'aldi', category: null, minValue: -10 });
    assert.deepEqual(selectionFilter({ category: 'Coffee', bank: 'ing' }), { category: 'Coffee', bank: 'ing' });
    assert.equal(selectionFilter({ sort: 'value' }), null);
    assert.equal(selectionFilter({}), null);
  });

  it('splits ids into requests the API takes', () => {
    const ids = Array.from({ length: IDS_PER_REQUEST * 2 + 1 }, (_, index) => index);
    assert.deepEqual(chunks(ids).map((part) => part.length), [IDS_PER_REQUEST, IDS_PER_REQUEST, 1]);
    assert.deepEqual(chunks([]), []);
  });

  it('counts read as words with the locale\'s grouping', () => {
    assert.equal(rowsText(1, 'en-US'), '1 transaction');
    assert.equal(rowsText(1917, 'en-US'), '1,917 transactions');
  });
});
