import assert from 'node:assert/strict';
import { setTimeout as pause } from 'node:timers/promises';
import { request, type HttpResult } from './spawned-server.js';

/** How long a read may keep answering 503 before the test gives up: as long as a page wait. */
const DEADLINE_MS = 30_000;

/**
 * A read a test checks the page against. A just-started server on a busy machine may refuse a
 * read for a while (503: a statement past its time limit, or shedding load); the read is asked
 * again after the server's Retry-After (1 s when it gives none), as a client should, up to the 30 s
 * a page wait allows. An answer outside `accepted` (200 and 204 unless told) fails the test.
 */
export async function answered(server: { baseUrl: string }, path: string, accepted: readonly number[] = [200, 204]): Promise<HttpResult> {
  const deadline = performance.now() + DEADLINE_MS;
  for (;;) {
    const response = await request(server.baseUrl, 'GET', path);
    if (response.status !== 503 || performance.now() > deadline) {
      assert.ok(accepted.includes(response.status), `GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response;
    }
    const seconds = Number(response.headers.get('retry-after'));
    await pause(Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 1000);
  }
}
