import { useEffect, useRef } from 'preact/hooks';

/** A field that takes letters, where a key is typing and not a command. */
export const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['SELECT', 'TEXTAREA'].includes(target.tagName) ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)));

/**
 * A screen's single-key commands, by `KeyboardEvent.key` (`alt+ArrowUp` for Alt with a key);
 * none while typing in a field or while `active` is false. The newest handlers are read from a
 * ref, so a key pressed just after a render never acts on the render before it.
 */
export function useKeys(active: boolean, keys: Record<string, () => void>): void {
  const latest = useRef({ active, keys });
  latest.current = { active, keys };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { active, keys } = latest.current;
      if (!active || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // Enter and Space on a button or a link are theirs (a navigation link must still open).
      if ((event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement) && (event.key === 'Enter' || event.key === ' ')) return;
      const action = keys[event.altKey ? `alt+${event.key}` : event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    addEventListener('keydown', onKeyDown);
    return () => removeEventListener('keydown', onKeyDown);
  }, []);
}
