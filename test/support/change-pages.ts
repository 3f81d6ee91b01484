import assert from 'node:assert/strict';
import type { RefusedCursor } from '../../src/domain/change-feed.js';

/** A page of the change feed the store served (not a refused cursor), for tests that expect one. */
export function served<P extends object>(page: P | RefusedCursor): P {
  assert.ok(!('refused' in page), `the cursor was refused: ${JSON.stringify(page)}`);
  return page as P;
}
