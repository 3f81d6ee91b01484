import { useEffect } from 'preact/hooks';

/**
 * When `settled` becomes true (an action's controls are gone: a picker, a confirm, a bulk bar),
 * focus goes back to `target()` (the list's row the cursor is on) if it was lost with those
 * controls, i.e. it is on <body> now. A focus the person moved elsewhere (a click) is left alone.
 */
export function useFocusReturn(settled: boolean, target: () => HTMLElement | null | undefined): void {
  useEffect(() => {
    if (!settled) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    target()?.focus();
  }, [settled]);
}
