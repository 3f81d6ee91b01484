import { parsePreferences, themeDrawn, localeOf, type DateStyle, type Preferences } from '../lib/preferences.js';

const KEY = 'moneta.preferences';
const CHANGED = 'moneta:preferences';

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window's policy): the defaults.
    return null;
  }
}

let current: Preferences = parsePreferences(stored());

export function preferences(): Preferences {
  return current;
}

/** The locale every screen writes numbers and dates in (Settings, Display). */
export function appLocale(): string {
  return localeOf(current, navigator.language);
}

/** How list dates are written (Settings, Display). */
export function appDateStyle(): DateStyle {
  return current.dateStyle;
}

const darkQuery = () => matchMedia('(prefers-color-scheme: dark)');

/** Sets the page's theme (`data-theme` on <html>, which styles.css draws) from the preference and, for `system`, the system's. */
export function applyTheme(): void {
  const drawn = themeDrawn(current.theme, darkQuery().matches);
  document.documentElement.dataset.theme = drawn;
}

/** Once, before the first render: the theme now, and again whenever the system's changes. */
export function startTheme(): void {
  applyTheme();
  darkQuery().addEventListener('change', applyTheme);
}

/** Keeps the new preferences in this browser, redraws the theme and tells the app to redraw. */
export function savePreferences(next: Preferences): void {
  current = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Not kept beyond this page; still applied.
  }
  applyTheme();
  dispatchEvent(new Event(CHANGED));
}

/** Calls `listener` after each savePreferences; returns the unsubscribe. */
export function onPreferences(listener: () => void): () => void {
  addEventListener(CHANGED, listener);
  return () => removeEventListener(CHANGED, listener);
}
