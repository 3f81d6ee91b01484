import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickSort, formatSort, parseSort, sortMark } from '../../web/src/lib/sort-keys.js';

describe('web: sort keys', () => {
  it('a click makes the column the only key, ascending; a second click flips it', () => {
    const byDate = clickSort([], 'date', false);
    assert.equal(formatSort(byDate), 'date');
    assert.equal(formatSort(clickSort(byDate, 'date', false)), '-date');
    assert.equal(formatSort(clickSort(clickSort(byDate, 'date', false), 'date', false)), 'date');
    assert.equal(formatSort(clickSort(parseSort('-date,value'), 'value', false)), 'value');
  });

  it('shift+click adds the column as the last key, or flips it where it stands', () => {
    const two = clickSort(clickSort([], 'date', false), 'value', true);
    assert.equal(formatSort(two), 'date,value');
    assert.equal(formatSort(clickSort(two, 'date', true)), '-date,value');
    assert.equal(formatSort(clickSort(clickSort(two, 'category', true), 'value', true)), 'date,-value,category');
  });

  it('reads the sort parameter back, dropping unknown and repeated fields', () => {
    assert.deepEqual(parseSort('-date,+value,amount,date'), [
      { field: 'date', descending: true },
      { field: 'value', descending: false },
    ]);
    assert.deepEqual(parseSort(''), []);
    assert.equal(formatSort([]), undefined);
  });

  it('marks a column with its direction and its rank', () => {
    const keys = parseSort('-date,value');
    assert.deepEqual(sortMark(keys, 'date'), { arrow: '▼', rank: 1 });
    assert.deepEqual(sortMark(keys, 'value'), { arrow: '▲', rank: 2 });
    assert.equal(sortMark(keys, 'description'), null);
  });
});
