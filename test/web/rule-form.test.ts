import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRule, EMPTY_RULE_FIELDS, fieldErrors, fieldsOf, moved, newRule, ruleUpdate } from '../../web/src/lib/rule-form.js';

describe('web: the rule form', () => {
  it('sends only what is filled in, with the description as the condition chosen', () => {
    assert.deepEqual(newRule({ ...EMPTY_RULE_FIELDS, category: 'Coffee', text: 'starbucks' }), { category: 'Coffee', descriptionContains: 'starbucks' });
    assert.deepEqual(newRule({ category: 'Rent', match: 'matches', text: '^rent ', minValue: '-2000', maxValue: '-500', bank: 'ing' }), {
      category: 'Rent',
      descriptionMatches: '^rent ',
      minValue: -2000,
      maxValue: -500,
      bank: 'ing',
    });
  });

  it('sends a number that is not one as typed, so the API names the field', () => {
    assert.deepEqual(newRule({ ...EMPTY_RULE_FIELDS, category: 'X', minValue: 'ten' }), { category: 'X', minValue: 'ten' });
  });

  it('reads a rule back into the form', () => {
    assert.deepEqual(fieldsOf({ id: 3, category: 'Rent', descriptionMatches: '^rent', maxValue: -500, priority: 0 }), { category: 'Rent', match: 'matches', text: '^rent', minValue: '', maxValue: '-500', bank: '' });
  });

  it('an edit sends what changed, null for a removed condition, and swaps contains for matches', () => {
    const before = { ...EMPTY_RULE_FIELDS, category: 'Coffee', text: 'starbucks', maxValue: '0' };
    assert.deepEqual(ruleUpdate(before, { ...before, category: 'Cafés' }), { category: 'Cafés' });
    assert.deepEqual(ruleUpdate(before, { ...before, maxValue: '' }), { maxValue: null });
    assert.deepEqual(ruleUpdate(before, { ...before, match: 'matches', text: 'star.*' }), { descriptionContains: null, descriptionMatches: 'star.*' });
    assert.deepEqual(ruleUpdate(before, { ...before, bank: 'ing' }), { bank: 'ing' });
    assert.deepEqual(ruleUpdate(before, before), {});
  });

  it('puts each API error beside its field (a preview\'s rule.bank is the bank field); the rest under the form', () => {
    assert.deepEqual(
      fieldErrors([
        { in: 'body', name: 'rule.bank', message: 'names no known bank ("x")' },
        { in: 'body', name: 'descriptionMatches', message: 'is not a safe pattern' },
        { in: 'body', name: 'minValue', message: 'must be a number' },
        { in: 'body', name: 'minValue', message: 'second' },
        { in: 'header', name: 'authorization', message: 'is a read-only token' },
      ]),
      { bank: 'names no known bank ("x")', text: 'is not a safe pattern', minValue: 'must be a number', form: 'authorization is a read-only token' },
    );
  });

  it('describes a rule in words and moves one id within the order', () => {
    assert.equal(describeRule({ id: 1, category: 'C', descriptionContains: 'aldi', minValue: -50, bank: 'ing', priority: 0 }, (id) => id.toUpperCase()), 'description contains "aldi", amount ≥ -50, bank ING');
    assert.deepEqual(moved([1, 2, 3], 2, -1), [1, 3, 2]);
    assert.deepEqual(moved([1, 2, 3], 0, -1), [1, 2, 3]);
    assert.deepEqual(moved([1, 2, 3], 0, 5), [2, 3, 1]);
  });
});
