import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bankRemovalQuery,
  bankRemovalSentence,
  categoryRemovalSentence,
  counted,
  countsByCategory,
  errorsByField,
  groupRemovalSentence,
  mergeSentence,
  rulesNaming,
} from '../../web/src/lib/catalogue.js';

const names: Record<string, string> = { ing: 'ING', rabo: 'Rabobank' };
const nameOf = (id: string) => names[id] ?? id;

describe('web: managing the catalogue', () => {
  it('counts with the noun in the singular or plural, grouped by the locale', () => {
    assert.equal(counted(1, 'transaction', 'en-US'), '1 transaction');
    assert.equal(counted(1204, 'transaction', 'en-US'), '1,204 transactions');
    assert.equal(counted(0, 'rule', 'en-US'), '0 rules');
    assert.equal(counted(2, 'category', 'en-US', 'categories'), '2 categories');
  });

  it('adds up each category\'s transactions over the periods of a report, leaving the uncategorised out', () => {
    const part = { income: 0, expenses: 0, net: 0 };
    const counts = countsByCategory({
      period: 'all',
      periods: [
        { period: 'all', categories: [{ category: 'Coffee', count: 12, ...part }, { count: 40, ...part }], groups: [] },
        { period: 'all', categories: [{ category: 'Coffee', count: 3, ...part }, { category: 'Rent', count: 1, ...part }], groups: [] },
      ],
    });
    assert.deepEqual([...counts], [['Coffee', 15], ['Rent', 1]]);
  });

  it('counts the rules naming a bank or a category', () => {
    const rules = [
      { id: 1, category: 'Coffee', bank: 'ing', priority: 0 },
      { id: 2, category: 'Coffee', priority: 1 },
      { id: 3, category: 'Rent', bank: 'rabo', priority: 2 },
    ];
    assert.equal(rulesNaming(rules, { bank: 'ing' }), 1);
    assert.equal(rulesNaming(rules, { category: 'Coffee' }), 2);
    assert.equal(rulesNaming(rules, { category: 'Tea' }), 0);
  });

  it('asks deleteBank only about what there is, with moveTo only where something moves', () => {
    const move = { transactions: 'move', rules: 'remove', moveTo: 'rabo' } as const;
    assert.deepEqual(bankRemovalQuery(move, 12, 0), { transactions: 'move', moveTo: 'rabo' });
    assert.deepEqual(bankRemovalQuery(move, 0, 2), { rules: 'remove' });
    assert.deepEqual(bankRemovalQuery({ transactions: 'trash', rules: 'retarget', moveTo: 'rabo' }, 12, 2), { transactions: 'trash', rules: 'retarget', moveTo: 'rabo' });
    assert.deepEqual(bankRemovalQuery({ transactions: 'trash', rules: 'remove', moveTo: 'rabo' }, 12, 2), { transactions: 'trash', rules: 'remove' });
    assert.deepEqual(bankRemovalQuery(move, 0, 0), {});
  });

  it('says what removing a bank will do, in numbers', () => {
    assert.equal(
      bankRemovalSentence('ING', { transactions: 'trash', rules: 'remove', moveTo: '' }, 12, 2, 'en-US', nameOf),
      'ING will be removed: 12 transactions will be moved to the trash; 2 rules naming it will be removed.',
    );
    assert.equal(
      bankRemovalSentence('ING', { transactions: 'move', rules: 'retarget', moveTo: 'rabo' }, 1, 1, 'en-US', nameOf),
      'ING will be removed: 1 transaction will be moved to Rabobank; 1 rule naming it will name Rabobank instead.',
    );
    assert.equal(bankRemovalSentence('ING', { transactions: 'move', rules: 'remove', moveTo: 'rabo' }, 0, 0, 'en-US', nameOf), 'ING has no transactions and no rules; it will be removed.');
  });

  it('says what removing or merging a category, or removing a group, will do', () => {
    assert.equal(categoryRemovalSentence('Coffee', 1204, 0, '', 'en-US'), 'Coffee will be removed: 1,204 transactions will become uncategorised.');
    assert.equal(categoryRemovalSentence('Coffee', 3, 2, 'Drinks', 'en-US'), 'Coffee will be removed: 3 transactions will become uncategorised; 2 rules naming it will name Drinks instead.');
    assert.equal(categoryRemovalSentence('Coffee', 3, 1, '', 'en-US'), 'Coffee will be removed: 3 transactions will become uncategorised; 1 rule naming it will be removed.');
    assert.equal(mergeSentence('Cafés', 'Coffee', 7, 0, 'en-US'), 'Cafés will be merged into Coffee: 7 transactions will move to Coffee, and Cafés will be removed.');
    assert.equal(mergeSentence('Cafés', 'Coffee', 7, 2, 'en-US'), 'Cafés will be merged into Coffee: 7 transactions and 2 rules will move to Coffee, and Cafés will be removed.');
    assert.equal(groupRemovalSentence('Food', 1, 40, 'en-US'), 'Food will be removed: its 1 category (40 transactions) will stay, without a group.');
  });

  it('puts each of a problem\'s errors beside the field it names; the rest, and a bare refusal, under the fallback', () => {
    const fields = { 'body:id': 'id', 'body:aggregatorId': 'aggregatorId', 'body:group': 'group', 'query:moveTo': 'moveTo' } as const;
    const problem = (errors: Array<{ in: 'body' | 'query' | 'path' | 'header'; name: string; message: string }>, detail = 'Invalid request') => ({ detail, errors });
    assert.deepEqual(errorsByField(problem([{ in: 'body', name: 'aggregatorId', message: 'must be a UUID' }]), fields, 'id'), { aggregatorId: 'must be a UUID' });
    assert.deepEqual(errorsByField(problem([{ in: 'body', name: '/group/name', message: 'must not be empty' }]), fields, 'id'), { group: 'must not be empty' });
    assert.deepEqual(errorsByField(problem([{ in: 'query', name: 'moveTo', message: 'no bank has id "x"' }]), fields, 'id'), { moveTo: 'no bank has id "x"' });
    assert.deepEqual(errorsByField(problem([{ in: 'body', name: 'colour', message: 'is not allowed' }]), fields, 'id'), { id: 'colour: is not allowed' });
    assert.deepEqual(errorsByField(problem([], 'a bank with id "ing" exists already'), fields, 'id'), { id: 'a bank with id "ing" exists already' });
    assert.deepEqual(errorsByField(undefined, fields, 'id'), { id: 'Moneta did not answer; try again.' });
  });
});
