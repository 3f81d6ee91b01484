import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DomainError } from '../../src/domain/errors.js';
import { bankIdKey, fingerprintOf } from '../../src/domain/import-keys.js';
import { patternProblem } from '../../src/domain/rules/rule-pattern.js';
import { parseRuleInput } from '../../src/domain/rules/rule-input.js';
import { projectFile } from '../../src/project-root.js';
import { RuleSet, unusableRulePattern, type Rule } from '../../src/domain/rules/rule.js';

/** Exponential in a backtracking engine against 999 a's and a '!'. */
const CATASTROPHIC = ['(a+)+$', '(?:.*){1,12}zzz', '.*.*.*zzz', '(a|aa)+$', '(\\w*)*x'];

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
  it('accepts what RE2 matches in linear time, nested repeats included', () => {
    for (const pattern of ['^rewe\\s+\\d+', '(netflix|spotify)', '(ab)+', 'amazon\\.(de|com)', '[(+*)]+', '(a+)+$', '(?:.*){1,12}zzz', '\\bcafe\\b']) {
      assert.equal(patternProblem(pattern), null, pattern);
    }
  });

  it('refuses lookaround, backreferences, bad syntax and long patterns, saying why', () => {
    assert.match(patternProblem('(?=a)b') ?? '', /RE2 syntax/);
    assert.match(patternProblem('(a)\\1') ?? '', /RE2 syntax/);
    assert.match(patternProblem('(unclosed') ?? '', /missing closing \)/);
    assert.match(patternProblem('a'.repeat(201)) ?? '', /at most 200/);
  });
});

// These patterns take exponential time in a backtracking engine (JavaScript's RegExp), which
// would block this process for good: so they are matched in a child process that is killed after
// a generous deadline, and a kill fails the test. RE2 answers in time linear in the text.
describe('matching is linear in the text', () => {
  it('answers patterns that backtrack catastrophically elsewhere', () => {
    const script = `
      import { RuleSet } from ${JSON.stringify(pathToFileURL(projectFile('src/domain/rules/rule.ts')).href)};
      const text = 'a'.repeat(999) + '!';
      const answers = ${JSON.stringify(CATASTROPHIC)}.map((pattern) =>
        new RuleSet([{ id: 1, category: 'G', descriptionContains: null, descriptionMatches: pattern, minValue: null, maxValue: null, bank: null, priority: 0 }])
          .match({ description: text, value: -1 }));
      process.stdout.write(JSON.stringify(answers));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectFile('.'), timeout: 60_000, encoding: 'utf8' });
    assert.equal(child.error, undefined, 'the matcher did not answer: it backtracks');
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), CATASTROPHIC.map(() => null));
  });

  it('a stored pattern RE2 cannot take matches nothing, and says why', () => {
    const rule = { ...base, id: 1, category: 'G', descriptionMatches: 're(?=we)' };
    assert.equal(new RuleSet([rule]).match({ description: 'rewe', value: -1 }), null);
    assert.match(unusableRulePattern(rule) ?? '', /RE2/);
    assert.equal(unusableRulePattern({ descriptionMatches: 'rewe' }), null);
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
    assert.match(problem({ category: 'X', descriptionMatches: '(?=a)b' }) ?? '', /--description-matches is not a regular expression this server can match/);
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
