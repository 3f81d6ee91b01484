import type { JSX, RefObject } from 'preact';
import { useCallback, useEffect, useRef } from 'preact/hooks';
import { counted } from '../lib/catalogue.js';

interface Props {
  /** The control's id; its error is `${id}-error`. */
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  /** Renders the control with its id and the attributes that tie it to its label and error. */
  children(control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }): JSX.Element;
}

/** A labelled control with the API's error for it (or a hint) right below, tied to it for screen readers. */
export function CatalogueField({ id, label, error, hint, children }: Props) {
  const described = error !== undefined ? `${id}-error` : hint !== undefined ? `${id}-hint` : undefined;
  return (
    <div class="form-field">
      <label for={id}>{label}</label>
      {children({ id, 'aria-invalid': error !== undefined, ...(described !== undefined && { 'aria-describedby': described }) })}
      {error !== undefined ? (
        <span class="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : (
        hint !== undefined && (
          <span class="small" id={`${id}-hint`}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}

/** The value of the input or select an event came from. */
export const valueOf = (event: Event): string => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;

/** A safe fragment of an element id for a name (names are data: any text). */
export function idFor(name: string): string {
  return Array.from(name, (char) => (/[A-Za-z0-9_-]/.test(char) ? char : `_${char.codePointAt(0)?.toString(16)}`)).join('');
}

/** A count of transactions, or that it is still being counted (the report has not answered yet). */
export function countText(count: number | undefined, locale: string): string {
  return count === undefined ? 'counting…' : counted(count, 'transaction', locale);
}

/**
 * Focus back on a row's first control once an editor or panel over it closes (Cancel, Esc, Save),
 * so the keyboard stays where it was. `attribute` names the row (`data-category`); a row that is
 * gone (removed, or renamed and not yet read back) is waited for on the next renders.
 */
export function useFocusReturn(attribute: string): { list: RefObject<HTMLUListElement | null>; returnTo(key: string): void } {
  const list = useRef<HTMLUListElement>(null);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null || !list.current) return;
    for (const item of Array.from(list.current.children)) {
      if (item.getAttribute(attribute) !== pending.current) continue;
      const control = item.querySelector<HTMLButtonElement>('.catalogue-row button:not(:disabled)');
      if (!control) return;
      control.focus();
      pending.current = null;
    }
  });
  return { list, returnTo: useCallback((key: string) => void (pending.current = key), []) };
}
