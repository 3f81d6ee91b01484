import { useEffect, useRef } from 'preact/hooks';

interface Keys {
  /** False while a picker or dialog has the keys. */
  active: boolean;
  onMove(delta: number): void;
  /** PageDown / PageUp: a screenful of rows down (1) or up (-1). */
  onPage(direction: 1 | -1): void;
  /** Home / End: the first row, the last row of the list (not only of the loaded pages). */
  onEnds(end: 'first' | 'last'): void;
  onEdit(): void;
  onSelect(): void;
  onSearch(): void;
  onUncategorised(): void;
  onKeySheet(): void;
  /** The bulk keys; absent for a read-only token. */
  onSelectAll?(): void;
  onBulkCategory?(): void;
  onDelete?(): void;
  onUndo?(): void;
  onClear?(): void;
}

/** A field that takes letters (not a row's checkbox, which a click leaves focused). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['SELECT', 'TEXTAREA'].includes(target.tagName) ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type)));

/**
 * The register's single-key commands (KeySheet lists them); none while typing in a field.
 * One listener for the register's life reads the newest handlers from a ref set during render:
 * a listener re-added by an effect would answer a key pressed just after a render (before the
 * effect ran) with the render before it, and edit the row the cursor has just left.
 */
export function useRegisterKeys(keys: Keys): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const keys = latest.current;
      if (!keys.active || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) {
        if (event.key === 'Escape' && event.target instanceof HTMLElement) event.target.blur();
        return;
      }
      if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
      const actions: Record<string, (() => void) | undefined> = {
        j: () => keys.onMove(1),
        ArrowDown: () => keys.onMove(1),
        k: () => keys.onMove(-1),
        ArrowUp: () => keys.onMove(-1),
        PageDown: () => keys.onPage(1),
        PageUp: () => keys.onPage(-1),
        Home: () => keys.onEnds('first'),
        End: () => keys.onEnds('last'),
        Enter: keys.onEdit,
        c: keys.onEdit,
        x: keys.onSelect,
        '/': keys.onSearch,
        u: keys.onUncategorised,
        '?': keys.onKeySheet,
        a: keys.onSelectAll,
        C: keys.onBulkCategory,
        Delete: keys.onDelete,
        // The delete key of a Mac keyboard.
        Backspace: keys.onDelete,
        z: keys.onUndo,
        Escape: keys.onClear,
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    addEventListener('keydown', onKeyDown);
    return () => removeEventListener('keydown', onKeyDown);
  }, []);
}
