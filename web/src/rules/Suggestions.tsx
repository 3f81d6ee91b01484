import { formatCount } from '../lib/format.js';
import type { Suggestion } from './use-rules.js';

/** Rules the categorised transactions suggest; Accept opens the form filled in, to check the preview before creating. */
export function Suggestions({ suggestions, readOnly, onAccept }: { suggestions: Suggestion[]; readOnly: boolean; onAccept(suggestion: Suggestion): void }) {
  const locale = navigator.language;
  return (
    <section class="rules-card" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">Suggestions</h2>
      {suggestions.length === 0 ? (
        <p class="note">None now: suggestions come from words that keep landing in one category.</p>
      ) : (
        <ul class="suggestions">
          {suggestions.slice(0, 12).map((suggestion) => (
            <li key={`${suggestion.descriptionContains}|${suggestion.category}`}>
              <span>
                “{suggestion.descriptionContains}” → <strong>{suggestion.category}</strong>
                <span class="small">
                  {' '}
                  {formatCount(suggestion.covers, locale)} already there, {formatCount(suggestion.uncategorised, locale)} uncategorised, {formatCount(suggestion.contradicts, locale)} elsewhere
                </span>
              </span>
              {!readOnly && (
                <button type="button" class="button" onClick={() => onAccept(suggestion)}>
                  Accept…
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
