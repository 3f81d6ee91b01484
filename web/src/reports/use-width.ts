import { useCallback, useEffect, useState } from 'preact/hooks';

/**
 * The content width of an element, followed as it changes (a resized window, a rotated phone,
 * the navigation moving to the bottom): null until the element is there and measured. Attach
 * the returned callback as the element's ref.
 */
export function useWidth<T extends HTMLElement>(): [attach: (element: T | null) => void, width: number | null] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const attach = useCallback((next: T | null) => setElement(next), []);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [attach, width];
}
