import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETRY_SECONDS, MAX_RETRY_SECONDS, retryAfterSeconds } from '../../web/src/lib/retry-after.js';

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
});
