import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PHONE_QUERY } from '../app/use-media.js';

/** Rows are 32 px, two lines of 56 px on a phone (PHONE_QUERY). */
const rowHeightNow = () => (matchMedia(PHONE_QUERY).matches ? 56 : 32);

export interface ScrollBox {
  /** The ref callback for the scroll box (it may mount after the first render). */
  attach(element: HTMLDivElement | null): void;
  element: { current: HTMLDivElement | null };
  scrollTop: number;
  height: number;
  rowHeight: number;
}

/** The scroll box's scrollTop and height, and the row height of the current layout. */
export function useViewport(): ScrollBox {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const element = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const [rowHeight, setRowHeight] = useState(rowHeightNow);
  const attach = useCallback((next: HTMLDivElement | null) => {
    element.current = next;
    setBox(next);
  }, []);

  useLayoutEffect(() => {
    if (!box) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScrollTop(box.scrollTop));
    };
    const observer = new ResizeObserver(() => setHeight(box.clientHeight));
    observer.observe(box);
    setHeight(box.clientHeight);
    setScrollTop(box.scrollTop);
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      box.removeEventListener('scroll', onScroll);
    };
  }, [box]);

  useEffect(() => {
    const query = matchMedia(PHONE_QUERY);
    const onChange = () => setRowHeight(rowHeightNow());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return { attach, element, scrollTop, height, rowHeight };
}
