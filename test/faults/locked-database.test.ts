import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { request, startServerProcess } from './support/server-process.js';

/**
 * Another process holds SQLite's write lock for as long as the test wants (longer than the
 * server's busy timeout): writes must be refused with 503 and Retry-After while it is held (no
 * hang: the lock is released only after they are answered; no 500), reads must keep answering.
 */
describe('locked SQLite database', { timeout: 120_000 }, () => {
  it('answers writes with 503 + Retry-After while another process holds the lock, and keeps serving reads', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'moneta-locked-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'moneta.db');
    const server = await startServerProcess(file, ['--busy-timeout', '200']);
    t.after(() => server.stop());

    const created = await request(`${server.url}/transactions`, 'POST', { date: '2024-01-02', description: 'before the lock', value: -1.5, category: 'Before' });
    assert.equal(created.status, 201);
    const id = (created.body as { id: number }).id;

    // The test process is the "other process": a separate connection holding the write lock.
    const holder = new Database(file);
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    holder.prepare("INSERT INTO categories (name) VALUES ('held by another process')").run();
    try {
      for (const [method, path, payload] of [
        ['POST', '/transactions', { date: '2024-01-03', description: 'during the lock', value: 2 }],
        ['PUT', `/transactions/${id}`, { category: 'Locked' }],
      ] as const) {
        // Answered while the lock is still held: a server that waited for the lock would never answer.
        const response = await request(`${server.url}${path}`, method, payload);
        assert.equal(response.status, 503, `${method} ${path} under a held lock: ${JSON.stringify(response.body)}`);
        const retryAfter = Number(response.headers.get('retry-after'));
        assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After is ${response.headers.get('retry-after')}`);
        const body = response.body as { status: number; requestId: string; detail: string };
        assert.equal(body.status, 503);
        assert.equal(body.requestId, response.headers.get('x-request-id'));
        assert.doesNotMatch(body.detail, /SQLITE|BEGIN|INSERT/);
      }
      for (const path of ['/transactions', `/transactions/${id}`, '/categories', '/healthz']) {
        const response = await request(`${server.url}${path}`, 'GET');
        assert.equal(response.status, 200, `GET ${path} under a held lock: ${JSON.stringify(response.body)}`);
      }
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }

    const after = await request(`${server.url}/transactions`, 'POST', { date: '2024-01-04', description: 'after the lock', value: 3 });
    assert.equal(after.status, 201, 'writes work again once the lock is released');
    const listing = await request(`${server.url}/transactions?sort=id`, 'GET');
    assert.deepEqual(
      (listing.body as { description: string }[]).map((row) => row.description),
      ['before the lock', 'after the lock'],
      'the refused write left nothing behind',
    );
    const stored = await request(`${server.url}/transactions/${id}`, 'GET');
    assert.equal((stored.body as { category?: string }).category, 'Before', 'the refused update left nothing behind');
  });
});
