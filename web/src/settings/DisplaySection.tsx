import { useState } from 'preact/hooks';
import { preferences, savePreferences } from '../app/preferences.js';
import { formatShortDate } from '../lib/format.js';
import { LOCALES, localeOf, localeSample, type DateStyle, type Preferences, type Theme } from '../lib/preferences.js';

const THEMES: ReadonlyArray<{ theme: Theme; label: string }> = [
  { theme: 'system', label: "The system's (light or dark, as the device is set)" },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
];

/** Settings, Display: the theme, the locale numbers and dates are written in, and how list dates look. Kept in this browser. */
export function DisplaySection() {
  const [chosen, setChosen] = useState<Preferences>(preferences);
  const today = new Date().toISOString().slice(0, 10);
  const change = (next: Partial<Preferences>) => {
    const merged = { ...chosen, ...next };
    setChosen(merged);
    savePreferences(merged);
  };
  return (
    <section class="settings-card" aria-labelledby="display-title">
      <h2 id="display-title">Display</h2>
      <p class="small">Kept in this browser, for every screen; the server does not store them.</p>
      <div class="form-field">
        <label for="display-theme">Theme</label>
        <select id="display-theme" value={chosen.theme} onChange={(event) => change({ theme: event.currentTarget.value as Theme })}>
          {THEMES.map((each) => (
            <option key={each.theme} value={each.theme}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
      <div class="form-field">
        <label for="display-locale">Numbers and dates</label>
        <select id="display-locale" value={chosen.locale} onChange={(event) => change({ locale: event.currentTarget.value })}>
          {LOCALES.map((each) => (
            <option key={each.locale} value={each.locale}>
              {each.name}: {localeSample(each.locale === '' ? navigator.language : each.locale, today)}
            </option>
          ))}
        </select>
      </div>
      <div class="form-field">
        <label for="display-dates">Dates in lists</label>
        <select id="display-dates" value={chosen.dateStyle} onChange={(event) => change({ dateStyle: event.currentTarget.value as DateStyle })}>
          <option value="short">Short: {formatShortDate(today, localeOf(chosen, navigator.language), today)} (the year when not this one)</option>
          <option value="iso">ISO: {today}</option>
        </select>
      </div>
    </section>
  );
}
