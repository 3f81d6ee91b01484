import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_REPORT, groupSlots, presetOf, presetRange, readReportState, registerLink, reportFilter, writeReportState, type ReportState } from '../../web/src/lib/report-state.js';

describe('web: the reports screen\'s state in the URL', () => {
  it('writes range, bank, category and period, and reads them back; the empty state is no query', () => {
    const state: ReportState = { from: '2024-01-01', to: '2024-06-30', bank: 'ing', category: '', period: 'quarter' };
    const search = writeReportState(state);
    assert.equal(search, '?from=2024-01-01&to=2024-06-30&bank=ing&category=&period=quarter');
    assert.deepEqual(readReportState(search), state);
    assert.equal(writeReportState(EMPTY_REPORT), '');
    assert.deepEqual(readReportState(''), EMPTY_REPORT);
  });

  it('drops junk: a date that is not a day, an unknown period', () => {
    assert.deepEqual(readReportState('?from=yesterday&to=2024-13&period=week'), EMPTY_REPORT);
  });

  it('asks every report for the same filter, uncategorised included', () => {
    assert.deepEqual(reportFilter({ ...EMPTY_REPORT, category: '', bank: 'ing' }), { bank: 'ing', category: '' });
    assert.deepEqual(reportFilter(EMPTY_REPORT), {});
  });

  it('links a bar to the register: the report\'s filter narrowed to a category and to a period inside its range', () => {
    const state: ReportState = { from: '2024-02-15', to: '2024-12-31', bank: 'ing', category: null, period: 'month' };
    assert.equal(registerLink(state, { category: 'Coffee' }), '/app/?category=Coffee&bank=ing&sort=-date&from=2024-02-15&to=2024-12-31');
    assert.equal(registerLink(state, { start: '2024-02-01', end: '2024-02-29' }), '/app/?bank=ing&sort=-date&from=2024-02-15&to=2024-02-29');
    assert.equal(registerLink({ ...EMPTY_REPORT, category: 'Rent' }, { category: '' }), '/app/?category=&sort=-date');
  });

  it('presets are whole months ending today, and a range is recognised as its preset', () => {
    const today = '2024-03-20';
    assert.deepEqual(presetRange('this-month', today), { from: '2024-03-01', to: today });
    assert.deepEqual(presetRange('last-month', today), { from: '2024-02-01', to: '2024-02-29' });
    assert.deepEqual(presetRange('last-3-months', today), { from: '2024-01-01', to: today });
    assert.deepEqual(presetRange('last-12-months', today), { from: '2023-04-01', to: today });
    assert.deepEqual(presetRange('year-to-date', today), { from: '2024-01-01', to: today });
    assert.deepEqual(presetRange('last-month', '2024-01-10'), { from: '2023-12-01', to: '2023-12-31' });
    assert.equal(presetOf({ from: '2024-02-01', to: '2024-02-29' }, today), 'last-month');
    assert.equal(presetOf({ from: null, to: null }, today), 'all');
    assert.equal(presetOf({ from: '2024-02-02', to: null }, today), 'custom');
  });

  it('gives each group its own colour slot by name order, whatever order they come in, and "no group" a grey of its own', () => {
    const slot = groupSlots(['Food', undefined, 'Housing', 'Leisure', 'Food']);
    assert.deepEqual(['Food', 'Housing', 'Leisure'].map(slot), [0, 1, 2]);
    assert.equal(groupSlots(['Leisure', 'Housing', 'Food'])('Leisure'), 2);
    assert.equal(slot(undefined), 8);
    assert.equal(slot('Unknown'), 8);
  });
});
