import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '../../src/domain/errors.js';
import { BODY_FILTER_NAMES, QUERY_FILTER_NAMES, selectionFilterOf, transactionFilterOf, type FilterInput } from '../../src/domain/filter-input.js';

/** The field a conversion's refusal names, and where. */
function refusal(convert: () => unknown): string {
  try {
    convert();
  } catch (error) {
    assert.ok(error instanceof DomainError, String(error));
    assert.equal(error.code, 'invalid');
    return error.fields.map((field) => `${field.in} ${field.name}: ${field.message}`).join('; ');
  }
  assert.fail('expected a refusal');
}

describe('the one conversion of a transaction filter', () => {
  it('normalises the category (NFC), folds the description, and keeps the rest as given', () => {
    const input: FilterInput = { category: 'Cafe\u0301', bank: 'ing', description: 'STRASSE', from: '2024-01-01', to: '2024-01-01', minValue: -1, maxValue: -1 };
    const expected = { category: 'Café', bank: 'ing', descriptionContains: 'strasse', from: '2024-01-01', to: '2024-01-01', minValue: -1, maxValue: -1 };
    assert.deepEqual(transactionFilterOf(input, QUERY_FILTER_NAMES), expected);
    assert.deepEqual(selectionFilterOf(input, BODY_FILTER_NAMES), expected);
    assert.deepEqual(transactionFilterOf({ category: null }, QUERY_FILTER_NAMES), { category: null });
    assert.deepEqual(transactionFilterOf({}, QUERY_FILTER_NAMES), {}, 'an empty filter reads every transaction');
  });

  it('refuses a reversed range naming the field as the client spells it', () => {
    const dates = { from: '2024-03-02', to: '2024-03-01' };
    const values = { minValue: 0.2, maxValue: 0.1 };
    assert.equal(refusal(() => transactionFilterOf(dates, QUERY_FILTER_NAMES)), 'query from: must not be after to (2024-03-02 > 2024-03-01)');
    assert.equal(refusal(() => selectionFilterOf(dates, BODY_FILTER_NAMES)), 'body filter.from: must not be after filter.to (2024-03-02 > 2024-03-01)');
    assert.equal(refusal(() => transactionFilterOf(values, QUERY_FILTER_NAMES)), 'query minValue: must not be above maxValue (0.2 > 0.1)');
    assert.equal(refusal(() => selectionFilterOf(values, BODY_FILTER_NAMES)), 'body filter.minValue: must not be above filter.maxValue (0.2 > 0.1)');
  });

  it('checks what the contract says of each field, for a client without its schema (the command line)', () => {
    assert.match(refusal(() => transactionFilterOf({ from: '2023-02-29' }, QUERY_FILTER_NAMES)), /^query from: must be a real calendar date/);
    assert.match(refusal(() => transactionFilterOf({ to: '2024-1-01' }, QUERY_FILTER_NAMES)), /^query to: must be a real calendar date/);
    assert.match(refusal(() => transactionFilterOf({ maxValue: 1e39 }, QUERY_FILTER_NAMES)), /^query maxValue: is outside the range of values/);
    assert.match(refusal(() => transactionFilterOf({ minValue: Number.NaN }, QUERY_FILTER_NAMES)), /^query minValue: is outside the range of values/);
    assert.match(refusal(() => transactionFilterOf({ bank: 'not an id' }, QUERY_FILTER_NAMES)), /^query bank: must be 1 to 64 characters/);
    assert.match(refusal(() => transactionFilterOf({ description: 'x'.repeat(1001) }, QUERY_FILTER_NAMES)), /^query description: must be at most 1000 characters/);
    assert.equal(transactionFilterOf({ description: '😀'.repeat(1000) }, QUERY_FILTER_NAMES).descriptionContains?.length, 2000, 'counted in code points');
  });

  it('reads any category text, but a bulk operation chooses rows only by a category name, a description and at least one field', () => {
    assert.deepEqual(transactionFilterOf({ category: ' Food', description: '' }, QUERY_FILTER_NAMES), { category: ' Food', descriptionContains: '' });
    assert.match(refusal(() => selectionFilterOf({ category: ' Food' }, BODY_FILTER_NAMES)), /^body filter.category: must not start or end with white space/);
    assert.match(refusal(() => selectionFilterOf({ description: '' }, BODY_FILTER_NAMES)), /^body filter.description: must not be empty/);
    assert.match(refusal(() => selectionFilterOf({}, BODY_FILTER_NAMES)), /^body filter: must name at least one filter/);
    assert.match(refusal(() => selectionFilterOf({ bank: undefined }, BODY_FILTER_NAMES)), /^body filter: must name at least one filter/);
    assert.deepEqual(selectionFilterOf({ category: null }, BODY_FILTER_NAMES), { category: null });
  });
});
