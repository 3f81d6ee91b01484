import { useEffect, useState } from 'preact/hooks';
import { typedDate } from '../lib/date-input.js';

interface Props {
  name: string;
  label: string;
  type: 'date' | 'number';
  /** The committed value: the one in the URL and sent to the API. */
  value: string | number | null;
  /** The API's message for this field, shown beside it. */
  error: string | null;
  /** Shown in the empty field, and read out with it (amounts are signed: issue 27 item 9). */
  hint?: { placeholder: string; description: string };
  onCommit(text: string): void;
}

/**
 * One end of a date or amount range. What the person types is a draft of their own until they
 * commit it (Enter, or leaving the field): another filter committing meanwhile re-renders the bar,
 * and must not wipe a half-typed amount. A new committed value (back, forward, a shared link)
 * replaces the draft.
 */
export function RangeField({ name, label, type, value, error, hint, onCommit }: Props) {
  const committed = value === null ? '' : String(value);
  const [draft, setDraft] = useState(committed);
  useEffect(() => setDraft(committed), [committed]);
  return (
    <label class="range-field">
      <span class="range-label">{label}</span>
      <input
        type={type}
        name={name}
        step={type === 'number' ? 'any' : undefined}
        value={draft}
        aria-invalid={error !== null}
        placeholder={hint?.placeholder}
        aria-describedby={[hint ? `filter-${name}-hint` : '', error !== null ? `filter-${name}-error` : ''].filter(Boolean).join(' ') || undefined}
        onInput={(event) => setDraft(event.currentTarget.value)}
        onChange={(event) => {
          // A date is applied once it is whole (lib/date-input.ts); leaving the field applies whatever it holds.
          const text = type === 'date' ? typedDate(event.currentTarget) : event.currentTarget.value;
          if (text !== undefined) onCommit(text);
        }}
        onBlur={(event) => {
          const text = event.currentTarget.value;
          if (type === 'date' && text !== committed) onCommit(text);
        }}
      />
      {hint && (
        <span class="visually-hidden" id={`filter-${name}-hint`}>
          {hint.description}
        </span>
      )}
      {error !== null && (
        <span class="field-error" id={`filter-${name}-error`} role="alert">
          {label} {error}
        </span>
      )}
    </label>
  );
}
