/** How a person wants the app to look on this device (Settings, Display); kept in the browser. */
export type Theme = 'system' | 'light' | 'dark';
/** short: `12 Mar` (the year when not this one); iso: `2026-03-12`. */
export type DateStyle = 'short' | 'iso';

export interface Preferences {
  theme: Theme;
  /** A BCP 47 locale for numbers and dates; '' for the browser's own. */
  locale: string;
  dateStyle: DateStyle;
}

export const DEFAULT_PREFERENCES: Preferences = { theme: 'system', locale: '', dateStyle: 'short' };

/** The locales offered for numbers and dates, with how each writes 1234.5 and a date, in its own words. */
export const LOCALES: ReadonlyArray<{ locale: string; name: string }> = [
  { locale: '', name: "This browser's" },
  { locale: 'en-US', name: 'English (United States)' },
  { locale: 'en-GB', name: 'English (United Kingdom)' },
  { locale: 'de-DE', name: 'Deutsch (Deutschland)' },
  { locale: 'de-CH', name: 'Deutsch (Schweiz)' },
  { locale: 'fr-FR', name: 'Français (France)' },
  { locale: 'nl-NL', name: 'Nederlands (Nederland)' },
  { locale: 'es-ES', name: 'Español (España)' },
  { locale: 'it-IT', name: 'Italiano (Italia)' },
];

const THEMES: readonly Theme[] = ['system', 'light', 'dark'];
const DATE_STYLES: readonly DateStyle[] = ['short', 'iso'];

/** Preferences from what was stored (any text, or nothing): each value that is not a known one falls back to its default. */
export function parsePreferences(text: string | null): Preferences {
  let stored: Partial<Record<keyof Preferences, unknown>> = {};
  try {
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object') stored = parsed as typeof stored;
  } catch {
    // Unreadable: the defaults.
  }
  const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  return {
    theme: pick(stored.theme, THEMES, DEFAULT_PREFERENCES.theme),
    locale: pick(stored.locale, LOCALES.map((each) => each.locale), DEFAULT_PREFERENCES.locale),
    dateStyle: pick(stored.dateStyle, DATE_STYLES, DEFAULT_PREFERENCES.dateStyle),
  };
}

/** The theme drawn: the chosen one, or the system's for `system`. */
export function themeDrawn(theme: Theme, systemPrefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemPrefersDark ? 'dark' : 'light') : theme;
}

/** The locale numbers and dates are written in: the chosen one, or the browser's. */
export function localeOf(preferences: Preferences, browserLocale: string): string {
  return preferences.locale === '' ? browserLocale : preferences.locale;
}

/** What a locale choice looks like, for its option: `1,234.50 · 28 Nov 2026`. */
export function localeSample(locale: string, date: string): string {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return `${number} · ${day}`;
}
