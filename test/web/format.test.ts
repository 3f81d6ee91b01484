import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatAmount, formatCount, formatShortDate } from '../../web/src/lib/format.js';

describe('web: amounts and dates', () => {
  it('groups by locale, keeps the minus, marks income with a plus', () => {
    assert.deepEqual(formatAmount(-397.65, 'en-GB'), { text: '-397.65', kind: 'expense' });
    assert.deepEqual(formatAmount(2350, 'en-GB'), { text: '+2,350.00', kind: 'income' });
    assert.deepEqual(formatAmount(-1234567.891, 'de-DE'), { text: '-1.234.567,89', kind: 'expense' });
    assert.equal(formatAmount(1234.5, 'fr-FR').text.replace(/\s/g, ' '), '+1 234,50');
  });

  it('a value that rounds to zero shows no sign and no colour', () => {
    assert.deepEqual(formatAmount(0, 'en-GB'), { text: '0.00', kind: 'zero' });
    assert.deepEqual(formatAmount(-0.001, 'en-GB').kind, 'zero');
  });

  it('keeps the locale minus sign (U+2212 in Swedish) and calls it an expense', () => {
    const amount = formatAmount(-5, 'sv-SE');
    assert.equal(amount.kind, 'expense');
    assert.match(amount.text, /^\u22125,00$/);
  });

  it('dates short by locale; the year only when it is not the current one', () => {
    assert.equal(formatShortDate('2024-03-12', 'en-GB', '2024-11-23'), '12 Mar');
    assert.equal(formatShortDate('2023-03-12', 'en-GB', '2024-11-23'), '12 Mar 2023');
    assert.equal(formatShortDate('2024-03-12', 'en-US', '2024-11-23'), 'Mar 12');
    assert.equal(formatShortDate('2024-12-31', 'de-DE', '2024-01-01'), '31. Dez.');
  });

  it('counts with grouping', () => {
    assert.equal(formatCount(1204, 'en-GB'), '1,204');
  });
});
