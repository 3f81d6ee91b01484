import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunks, IDS_PER_REQUEST, rowsText, selectionFilter, undoGroups } from '../../web/src/lib/bulk.js';

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

  it('an undo sends each row back to the category it had, grouped, uncategorised as null', () => {
    const previous = new Map<number, string | undefined>([
      [1, 'Coffee'],
      [2, undefined],
      [3, 'Coffee'],
      [4, 'Rent'],
    ]);
    assert.deepEqual(undoGroups(previous), [
      { category: 'Coffee', ids: [1, 3] },
      { category: null, ids: [2] },
      { category: 'Rent', ids: [4] },
    ]);
    const many = new Map(Array.from({ length: IDS_PER_REQUEST + 2 }, (_, index) => [index, 'Coffee'] as [number, string]));
    assert.deepEqual(undoGroups(many).map((group) => group.ids.length), [IDS_PER_REQUEST, 2]);
  });

  it('counts read as words with the locale\'s grouping', () => {
    assert.equal(rowsText(1, 'en-US'), '1 transaction');
    assert.equal(rowsText(1917, 'en-US'), '1,917 transactions');
  });
});
