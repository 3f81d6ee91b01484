import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amountAxis, axisAmount, periodName, tickLabels } from '../../web/src/lib/chart-axis.js';

describe('web: chart axes', () => {
  it('puts round ticks over the range, zero among them, the range widened to the ticks', () => {
    assert.deepEqual(amountAxis(0, 1234), { ticks: [0, 500, 1000, 1500], min: 0, max: 1500 });
    assert.deepEqual(amountAxis(-300, 900), { ticks: [-500, 0, 500, 1000], min: -500, max: 1000 });
    assert.deepEqual(amountAxis(0, 0.3), { ticks: [0, 0.1, 0.2, 0.3], min: 0, max: 0.3 });
    assert.deepEqual(amountAxis(0, 0), { ticks: [0, 0.5], min: 0, max: 0.5 }, 'an empty range still has an axis');
  });

  it('writes axis amounts compactly in the locale', () => {
    assert.equal(axisAmount(1500, 'en-US'), '1.5K');
    assert.equal(axisAmount(-500, 'en-US'), '-500');
    assert.equal(axisAmount(2_000_000, 'de-DE'), '2\u00a0Mio.');
  });

  it('names periods as people say them', () => {
    assert.equal(periodName('2024-03', 'en-US'), 'Mar 2024');
    assert.equal(periodName('2024-03', 'en-US', true), 'Mar');
    assert.equal(periodName('2024-Q1', 'en-US'), 'Q1 2024');
    assert.equal(periodName('2024', 'en-US'), '2024');
    assert.equal(periodName('2024-03', 'de-DE'), 'März 2024');
  });

  it('labels every n-th period, with the year on the first label and where the year changed', () => {
    assert.deepEqual(tickLabels(['2023-11', '2023-12', '2024-01', '2024-02'], 1, 'en-US'), ['Nov 2023', 'Dec', 'Jan 2024', 'Feb']);
    assert.deepEqual(tickLabels(['2023-11', '2023-12', '2024-01', '2024-02'], 2, 'en-US'), ['Nov 2023', null, 'Jan 2024', null]);
    const months = Array.from({ length: 24 }, (_, at) => `${2024 + Math.floor((10 + at) / 12)}-${String(((10 + at) % 12) + 1).padStart(2, '0')}`);
    assert.deepEqual(tickLabels(months, 6, 'en-US').filter((label) => label !== null), ['Nov 2024', 'May 2025', 'Nov', 'May 2026']);
  });
});
