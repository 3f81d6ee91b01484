import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatShortDate } from '../../web/src/lib/format.js';
import { DEFAULT_PREFERENCES, localeOf, localeSample, parsePreferences, themeDrawn } from '../../web/src/lib/preferences.js';

describe('web: display preferences', () => {
  it('reads what was stored, each unknown or missing value falling back to its default', () => {
    assert.deepEqual(parsePreferences(null), DEFAULT_PREFERENCES);
    assert.deepEqual(parsePreferences('not json'), DEFAULT_PREFERENCES);
    assert.deepEqual(parsePreferences('[1]'), DEFAULT_PREFERENCES);
    assert.deepEqual(parsePreferences('{"theme":"dark","locale":"de-DE","dateStyle":"iso"}'), { theme: 'dark', locale: 'de-DE', dateStyle: 'iso' });
    assert.deepEqual(parsePreferences('{"theme":"sepia","locale":"xx-YY","dateStyle":1}'), DEFAULT_PREFERENCES);
  });

  it("draws the chosen theme, or the system's", () => {
    assert.equal(themeDrawn('system', true), 'dark');
    assert.equal(themeDrawn('system', false), 'light');
    assert.equal(themeDrawn('light', true), 'light');
    assert.equal(themeDrawn('dark', false), 'dark');
  });

  it("writes numbers and dates in the chosen locale, or the browser's", () => {
    assert.equal(localeOf({ ...DEFAULT_PREFERENCES, locale: '' }, 'en-GB'), 'en-GB');
    assert.equal(localeOf({ ...DEFAULT_PREFERENCES, locale: 'de-DE' }, 'en-GB'), 'de-DE');
    assert.equal(localeSample('de-DE', '2026-11-28'), '1.234,50 · 28. Nov. 2026');
    assert.equal(localeSample('en-US', '2026-11-28'), '1,234.50 · Nov 28, 2026');
  });

  it('writes list dates as ISO dates with the iso style', () => {
    assert.equal(formatShortDate('2026-03-12', 'en-GB', '2026-11-28'), '12 Mar');
    assert.equal(formatShortDate('2026-03-12', 'en-GB', '2026-11-28', 'iso'), '2026-03-12');
  });
});
