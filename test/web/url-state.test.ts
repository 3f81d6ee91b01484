import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_STATE, filterKey, isUnfiltered, listFilter, readState, writeState, type RegisterState } from '../../web/src/lib/url-state.js';

describe('web: register state in the URL', () => {
  it('writes filters, sort and position, and reads them back', () => {
    const state: RegisterState = {
      search: 'café & co',
      category: 'Eating out',
      bank: 'ing-nl',
      sort: [{ field: 'date', descending: true }, { field: 'value', descending: false }],
      from: '2024-01-01',
      to: '2024-03-31',
      minValue: -100.5,
      maxValue: 0,
      row: 1200,
    };
    const search = writeState(state);
    assert.equal(search, '?q=caf%C3%A9+%26+co&category=Eating+out&bank=ing-nl&sort=-date%2Cvalue&from=2024-01-01&to=2024-03-31&minValue=-100.5&maxValue=0&row=1200');
    assert.deepEqual(readState(search), state);
  });

  it('keeps "uncategorised" (category=) apart from "any category" (no parameter)', () => {
    const uncategorised = { ...EMPTY_STATE, category: '' };
    assert.equal(writeState(uncategorised), '?category=&sort=-date');
    assert.equal(readState('?category=').category, '');
    assert.equal(readState('').category, null);
    assert.equal(listFilter(uncategorised).category, '');
    assert.equal('category' in listFilter(EMPTY_STATE), false);
  });

  it('opens newest first, and names that order in the URL', () => {
    assert.deepEqual(readState('').sort, [{ field: 'date', descending: true }]);
    assert.equal(writeState(EMPTY_STATE), '?sort=-date');
    assert.equal(listFilter(EMPTY_STATE).sort, '-date');
    assert.deepEqual(readState('?sort=id').sort, [{ field: 'id', descending: false }]);
    assert.equal(writeState(readState('?sort=id')), '?sort=id');
  });

  it('the empty state names only its order, and junk in the URL falls back to defaults', () => {
    assert.equal(writeState(EMPTY_STATE), '?sort=-date');
    assert.deepEqual(readState('?row=-5&sort=nonsense&bank=&from=yesterday&to=&minValue=abc&maxValue=%20'), EMPTY_STATE);
    assert.equal(readState('?row=12abc').row, 12);
    assert.equal(readState('?row=1e99').row, 1);
  });

  it('asks the API to search only from two letters, trimmed; position never changes the filter', () => {
    assert.equal(listFilter({ ...EMPTY_STATE, search: 'a' }).description, undefined);
    assert.equal(listFilter({ ...EMPTY_STATE, search: ' ab ' }).description, 'ab');
    const key = filterKey(listFilter({ ...EMPTY_STATE, search: 'tesco', row: 0 }));
    assert.equal(filterKey(listFilter({ ...EMPTY_STATE, search: 'tesco', row: 900 })), key);
    assert.notEqual(filterKey(listFilter({ ...EMPTY_STATE, search: 'tesco', category: '' })), key);
    assert.equal(isUnfiltered(listFilter({ ...EMPTY_STATE, sort: [{ field: 'value', descending: true }] })), true);
    assert.equal(isUnfiltered(listFilter({ ...EMPTY_STATE, bank: 'x' })), false);
    assert.equal(isUnfiltered(listFilter({ ...EMPTY_STATE, maxValue: 0 })), false);
    assert.deepEqual(listFilter({ ...EMPTY_STATE, from: '2024-01-01', minValue: 0 }), { sort: '-date', from: '2024-01-01', minValue: 0 });
    assert.notEqual(filterKey(listFilter({ ...EMPTY_STATE, to: '2024-01-01' })), filterKey(listFilter({ ...EMPTY_STATE, from: '2024-01-01' })));
  });
});
