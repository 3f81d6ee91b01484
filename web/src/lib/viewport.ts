/**
 * A list of a million rows in a scroll box: browsers cap an element's height (about 33 million
 * px in Chromium), so past MAX_SCROLL_PX the scroll bar is scaled and the rows are positioned
 * from where the scroll stands, not from their index times their height.
 */
export const MAX_SCROLL_PX = 8_000_000;

export interface Viewport {
  /** Height of the scrolled spacer. */
  spacerHeight: number;
  /** Index of the first row (partly) visible. */
  first: number;
  /** Where, inside the spacer, the first row's top is drawn. */
  firstTop: number;
  /** Rows to draw, from `first`. */
  count: number;
}

export function viewportAt(total: number, rowHeight: number, viewHeight: number, scrollTop: number): Viewport {
  const fullHeight = total * rowHeight;
  const spacerHeight = Math.min(fullHeight, MAX_SCROLL_PX);
  const scrollRange = Math.max(0, spacerHeight - viewHeight);
  const fullRange = Math.max(0, fullHeight - viewHeight);
  const top = Math.min(Math.max(0, scrollTop), scrollRange);
  const fullTop = scrollRange === 0 ? 0 : (top / scrollRange) * fullRange;
  // The epsilon absorbs the rounding of the scaled mapping, so scrollTopFor(row) shows `row` first.
  const first = Math.min(Math.floor(fullTop / rowHeight + 1e-6), Math.max(0, total - 1));
  const firstTop = top - (fullTop - first * rowHeight);
  const count = Math.max(0, Math.min(total - first, Math.ceil(viewHeight / rowHeight) + 1));
  return { spacerHeight, first, firstTop, count };
}

/** The scrollTop that puts `row` at the top of the view (the inverse of viewportAt). */
export function scrollTopFor(row: number, total: number, rowHeight: number, viewHeight: number): number {
  const fullHeight = total * rowHeight;
  const spacerHeight = Math.min(fullHeight, MAX_SCROLL_PX);
  const scrollRange = Math.max(0, spacerHeight - viewHeight);
  const fullRange = Math.max(0, fullHeight - viewHeight);
  if (fullRange === 0) return 0;
  return (Math.min(row * rowHeight, fullRange) / fullRange) * scrollRange;
}

/** The pages (of `pageSize` rows, by offset) that hold rows first .. first+count-1, plus one row of margin either side. */
export function pagesFor(first: number, count: number, pageSize: number, total: number): number[] {
  if (total === 0) return [0];
  const from = Math.max(0, first - 1);
  const to = Math.min(total - 1, first + count);
  const pages: number[] = [];
  for (let page = Math.floor(from / pageSize); page <= Math.floor(to / pageSize); page += 1) pages.push(page);
  return pages;
}
