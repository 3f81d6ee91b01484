import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_SCROLL_PX, pagesFor, scrollTopFor, viewportAt } from '../../web/src/lib/viewport.js';

describe('web: the virtual list', () => {
  it('a short list scrolls one row per row height', () => {
    const view = viewportAt(1000, 32, 640, 3200);
    assert.deepEqual(view, { spacerHeight: 32_000, first: 100, firstTop: 3200, count: 21 });
    assert.equal(scrollTopFor(100, 1000, 32, 640), 3200);
  });

  it('a million rows fit in a capped scroll height, and the bottom shows the last row', () => {
    const total = 1_000_000;
    const top = viewportAt(total, 32, 640, 0);
    assert.equal(top.spacerHeight, MAX_SCROLL_PX);
    assert.equal(top.first, 0);
    const bottom = viewportAt(total, 32, 640, MAX_SCROLL_PX - 640);
    assert.equal(bottom.first + bottom.count - 1, total - 1);
    // The last row's bottom edge is the spacer's bottom edge.
    assert.equal(bottom.firstTop + (total - bottom.first) * 32, MAX_SCROLL_PX);
    const middle = viewportAt(total, 32, 640, scrollTopFor(500_000, total, 32, 640));
    assert.equal(middle.first, 500_000);
  });

  it('asks for the pages under the view, a row of margin either side', () => {
    assert.deepEqual(pagesFor(0, 21, 200, 1000), [0]);
    assert.deepEqual(pagesFor(190, 21, 200, 1000), [0, 1]);
    assert.deepEqual(pagesFor(999_990, 21, 200, 1_000_000), [4999]);
    assert.deepEqual(pagesFor(0, 21, 200, 0), [0]);
  });
});
