import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '../../src/domain/errors.js';
import { bankIdKey, fingerprintOf } from '../../src/domain/import-keys.js';
import { patternProblem } from '../../src/domain/rules/regex-safety.js';
import { parseRuleInput } from '../../src/domain/rules/rule-input.js';
import { RuleSet, type Rule } from '../../src/domain/rules/rule.js';

const base: Omit<Rule, 'id' | 'category'> = {
  descriptionContains: null,
  descriptionMatches: null,
  minValue: null,
  maxValue: null,
  bank: null,
  priority: 0,
};

describe('RuleSet', () => {
  it('matches "contains" ignoring case and accents on both sides', () => {
    const set = new RuleSet([{ ...base, id: 1, category: 'Cafés', descriptionContains: 'CAFE DE FLORE' }]);
    assert.equal(set.match({ description: 'Café de Flore Paris', value: -3 })?.category, 'Cafés');
    const accented = new RuleSet([{ ...base, id: 1, category: 'Cafés', descriptionContains: 'café' }]);
    assert.equal(accented.match({ description: 'CAFE DU COIN', value: -3 })?.category, 'Cafés');
    assert.equal(accented.match({ description: 'Strasse', value: -3 }), null);
  });

  it('matches patterns ignoring case and accents', () => {
    const set = new RuleSet([{ ...base, id: 1, category: 'Groceries', descriptionMatches: '^rewe\\s+\\d+' }]);
    assert.equal(set.match({ description: 'REWE 4411 BERLIN', value: -3 })?.category, 'Groceries');
    assert.equal(set.match({ description: 'Markt REWE 4411', value: -3 }), null);
    const accents = new RuleSet([{ ...base, id: 1, category: 'Cafés', descriptionMatches: 'épicerie' }]);
    assert.equal(accents.match({ description: 'EPICERIE DU COIN', value: -3 })?.category, 'Cafés');
  });

  it('tries rules by priority, highest first, and the older rule on a tie', () => {
    const set = new RuleSet([
      { ...base, id: 3, category: 'Low', descriptionContains: 'shop', priority: -1 },
      { ...base, id: 2, category: 'Second', descriptionContains: 'shop', priority: 10 },
      { ...base, id: 1, category: 'First', descriptionContains: 'shop', priority: 10 },
    ]);
    assert.equal(set.match({ description: 'web shop', value: 1 })?.category, 'First');
  });

  it('honours value bounds (inclusive) and the bank', () => {
    const set = new RuleSet([{ ...base, id: 1, category: 'Big spend', minValue: -500, maxValue: -100, bank: 'ing' }]);
    assert.equal(set.match({ description: 'x', value: -100, bank: 'ing' })?.category, 'Big spend');
    assert.equal(set.match({ description: 'x', value: -99.99, bank: 'ing' }), null);
    assert.equal(set.match({ description: 'x', value: -200, bank: 'dkb' }), null);
    assert.equal(set.match({ description: 'x', value: -200 }), null);
  });
});

describe('patternProblem', () => {
  it('refuses patterns that backtrack catastrophically', () => {
    for (const pattern of ['(a+)+$', '(\\w*)*x', '(a|ab)*c', '(?:x+y?)+', '(a?){3,}', '(.*a){2,}']) {
      assert.match(patternProblem(pattern) ?? '', /exponential/, pattern);
    }
  });

  it('refuses backreferences, bad syntax and long patterns, accepts ordinary ones', () => {
    assert.match(patternProblem('(a)\\1') ?? '', /backreferences/);
    assert.match(patternProblem('(unclosed') ?? '', /not a valid regular expression/);
    assert.match(patternProblem('a'.repeat(201)) ?? '', /at most 200/);
    for (const pattern of ['^rewe\\s+\\d+', '(netflix|spotify)', '(ab)+', 'amazon\\.(de|com)', '[(+*)]+', '\\(a+\\)+']) {
      assert.equal(patternProblem(pattern), null, pattern);
    }
  });
});

describe('parseRuleInput', () => {
  const problem = (input: Parameters<typeof parseRuleInput>[0]) => {
    try {
      parseRuleInput(input);
      return null;
    } catch (error) {
      assert.ok(error instanceof DomainError);
      return error.message;
    }
  };

  it('validates numbers, ranges, conditions and the category', () => {
    assert.match(problem({ category: 'X', minValue: '12,50' }) ?? '', /--min-value must be a decimal number/);
    assert.match(problem({ category: 'X', minValue: '5', maxValue: '1' }) ?? '', /--max-value must not be below/);
    assert.match(problem({ category: 'X', minValue: '1e400' }) ?? '', /--min-value must be a decimal/);
    assert.match(problem({ category: 'X', priority: '1.5', bank: 'ing' }) ?? '', /--priority must be a whole number/);
    assert.match(problem({ category: 'X' }) ?? '', /at least one condition/);
    assert.match(problem({ category: '', bank: 'ing' }) ?? '', /--category must not be empty/);
    assert.match(problem({ category: 'X', descriptionContains: 'a', descriptionMatches: 'b' }) ?? '', /cannot be combined/);
    assert.match(problem({ category: 'X', descriptionMatches: '(a+)+' }) ?? '', /--description-matches must not repeat/);
    assert.deepEqual(parseRuleInput({ category: 'X', minValue: '-12.50', maxValue: '.5', priority: '-3' }), {
      ...base,
      category: 'X',
      minValue: -12.5,
      maxValue: 0.5,
      priority: -3,
    });
  });
});

describe('import keys', () => {
  it('fingerprints ignore case, accents and spacing, and include date, value and account', () => {
    const row = { date: '2024-01-02', description: 'Café  Central', value: -3.8 };
    assert.equal(fingerprintOf(row), fingerprintOf({ ...row, description: 'CAFE CENTRAL' }));
    assert.notEqual(fingerprintOf(row), fingerprintOf({ ...row, value: -3.81 }));
    assert.notEqual(fingerprintOf(row), fingerprintOf({ ...row, date: '2024-01-03' }));
    assert.notEqual(fingerprintOf(row), fingerprintOf({ ...row, account: 'DE02' }));
  });

  it('keys by the bank id per account when there is one', () => {
    const row = { date: '2024-01-02', description: 'x', value: 1 };
    assert.equal(bankIdKey(row), null);
    assert.notEqual(bankIdKey({ ...row, bankTransactionId: '7' }), bankIdKey({ ...row, bankTransactionId: '7', account: 'A2' }));
  });
});
