import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSplit, draftsOf, splitBody, usedLines } from '../../web/src/lib/split-form.js';
import { decimalText } from '../../web/src/lib/money.js';

describe('split editor logic', () => {
  it('shows what is left of the value as lines are typed, exactly (0.1 + 0.2 leaves nothing of 0.3)', () => {
    const lines = [
      { amount: '0.1', category: 'A', memo: '' },
      { amount: '0,2', category: 'B', memo: '' },
    ];
    const check = checkSplit(0.3, lines, 2);
    assert.equal(decimalText(check.remainder), '0.0');
    assert.equal(check.ready, true);
    const partial = checkSplit(-52.5, [{ amount: '-40', category: 'Groceries', memo: '' }, { amount: '', category: '', memo: '' }], 2);
    assert.equal(decimalText(partial.remainder), '-12.5');
    assert.equal(partial.ready, false, 'an empty amount is not a line yet');
  });

  it('names a line that is not an amount, and is not ready while one is wrong or they do not add up', () => {
    const check = checkSplit(-10, [{ amount: '-1.2345', category: '', memo: '' }, { amount: '-8.7655', category: '', memo: '' }], 2);
    assert.equal(check.ready, false);
    assert.match(check.errors[0] ?? '', /at most 2 decimals/);
    assert.equal(checkSplit(-10, [{ amount: '-9.99', category: '', memo: '' }], 2).ready, false);
  });

  it('starts an unsplit transaction with its value on one line, and a split one with its lines; builds the body without empty fields', () => {
    assert.deepEqual(draftsOf(-52.5, null), [{ amount: '-52.5', category: '', memo: '' }, { amount: '', category: '', memo: '' }]);
    const drafts = draftsOf(-52.5, [{ amount: -40, category: 'Groceries' }, { amount: -12.5, memo: 'bulbs' }]);
    assert.deepEqual(drafts, [{ amount: '-40', category: 'Groceries', memo: '' }, { amount: '-12.5', category: '', memo: 'bulbs' }]);
    assert.deepEqual(splitBody([...drafts, { amount: '', category: '', memo: '' }], 2), { lines: [{ amount: -40, category: 'Groceries' }, { amount: -12.5, memo: 'bulbs' }] });
    assert.equal(usedLines([{ amount: ' ', category: '', memo: '' }]).length, 0);
  });
});
