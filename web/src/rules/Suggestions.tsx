import { useState } from 'preact/hooks';
import { formatCount } from '../lib/format.js';
import type { Suggestion } from './use-rules.js';
import { appLocale } from '../app/preferences.js';

const keyOf = (suggestion: Suggestion) => `${suggestion.descriptionContains}|${suggestion.category}`;

/**
 * Rules the categorised transactions suggest; Accept opens the form filled in, to check the
 * preview before creating. Dismiss only hides one on this screen (the API keeps no dismissals).
 */
export function Suggestions({ suggestions: all, readOnly, onAccept }: { suggestions: Suggestion[]; readOnly: boolean; onAccept(suggestion: Suggestion): void }) {
  const locale = appLocale();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const suggestions = all.filter((suggestion) => !dismissed.has(keyOf(suggestion)));
  return (
    <section class="rules-card" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">Suggestions</h2>
      {suggestions.length === 0 ? (
        <p class="note">None now: suggestions come from words that keep landing in one category.</p>
      ) : (
        <ul class="suggestions">
          {suggestions.slice(0, 12).map((suggestion) => (
            <li key={keyOf(suggestion)}>
              <span>
                “{suggestion.descriptionContains}” → <strong>{suggestion.category}</strong>
                <span class="small">
                  {' '}
                  {formatCount(suggestion.covers, locale)} already there, {formatCount(suggestion.uncategorised, locale)} uncategorised, {formatCount(suggestion.contradicts, locale)} elsewhere
                </span>
              </span>
              <span class="suggestion-actions">
                {!readOnly && (
                  <button type="button" class="button" onClick={() => onAccept(suggestion)}>
                    Accept…
                  </button>
                )}
                <button type="button" class="button" aria-label={`Dismiss “${suggestion.descriptionContains}” → ${suggestion.category}`} onClick={() => setDismissed(new Set([...dismissed, keyOf(suggestion)]))}>
                  Dismiss
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
