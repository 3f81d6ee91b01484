import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datePresets, presetOf } from '../../web/src/lib/date-presets.js';

describe('web: the register date presets', () => {
  it('this month, last month, this year and last year, each from its first day to its last', () => {
    assert.deepEqual(
      datePresets('2024-03-15').map(({ id, from, to }) => [id, from, to]),
      [
        ['this-month', '2024-03-01', '2024-03-31'],
        ['last-month', '2024-02-01', '2024-02-29'],
        ['this-year', '2024-01-01', '2024-12-31'],
        ['last-year', '2023-01-01', '2023-12-31'],
      ],
    );
  });

  it('in January, last month is December of the year before', () => {
    const lastMonth = datePresets('2026-01-02').find((preset) => preset.id === 'last-month');
    assert.deepEqual([lastMonth?.from, lastMonth?.to], ['2025-12-01', '2025-12-31']);
  });

  it('names the preset a range is, or custom, or none', () => {
    assert.equal(presetOf({ from: null, to: null }, '2026-11-28'), '');
    assert.equal(presetOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-28'), 'last-month');
    assert.equal(presetOf({ from: '2026-10-01', to: null }, '2026-11-28'), 'custom');
  });
});
