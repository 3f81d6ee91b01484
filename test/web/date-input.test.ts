import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { typedDate } from '../../web/src/lib/date-input.js';

const field = (value: string, badInput = false) => ({ value, validity: { badInput } as ValidityState });

describe('web: what a date field applies while a person types', () => {
  it('waits while the year is still being typed', () => {
    for (const value of ['0002-11-01', '0020-11-01', '0202-11-01']) assert.equal(typedDate(field(value)), undefined, value);
  });
  it('applies a whole date', () => {
    assert.equal(typedDate(field('2026-11-01')), '2026-11-01');
  });
  it('applies an emptied field, but not a half-filled one', () => {
    assert.equal(typedDate(field('')), '');
    assert.equal(typedDate(field('', true)), undefined);
  });
});
