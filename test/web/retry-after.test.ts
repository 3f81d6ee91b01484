import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backoffSeconds, DEFAULT_RETRY_SECONDS, MAX_RETRY_SECONDS, retryAfterSeconds } from '../../web/src/lib/retry-after.js';

describe('web: how long the app waits before asking a busy server again', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('takes delay-seconds as the server sent them', () => {
    assert.equal(retryAfterSeconds('7', now), 7);
    assert.equal(retryAfterSeconds(' 30 ', now), 30);
  });
  it('takes an HTTP-date as the seconds until it', () => {
    assert.equal(retryAfterSeconds('Fri, 27 Nov 2026 12:00:10 GMT', now), 10);
  });
  it('waits at least a second and at most the cap', () => {
    assert.equal(retryAfterSeconds('0', now), 1);
    assert.equal(retryAfterSeconds('Fri, 27 Nov 2026 11:00:00 GMT', now), 1);
    assert.equal(retryAfterSeconds('86400', now), MAX_RETRY_SECONDS);
  });
  it('falls back to its default when the header is absent or unreadable', () => {
    for (const header of [null, '', 'soon', '-5', '1.5']) assert.equal(retryAfterSeconds(header, now), DEFAULT_RETRY_SECONDS, String(header));
  });
  it('backs off for a part of a screen: doubled per failure in a row, never sooner than Retry-After, at most the maximum', () => {
    assert.deepEqual([1, 2, 3, 4].map((failures) => backoffSeconds(failures, null, now)), [3, 6, 12, 24]);
    assert.deepEqual([1, 2, 3].map((failures) => backoffSeconds(failures, '1', now)), [3, 6, 12]);
    assert.equal(backoffSeconds(1, '20', now), 20);
    assert.equal(backoffSeconds(2, 'Fri, 27 Nov 2026 12:00:10 GMT', now), 10);
    assert.equal(backoffSeconds(40, null, now), MAX_RETRY_SECONDS);
  });
});
