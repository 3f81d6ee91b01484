import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { request, spawnServer } from '../support/spawned-server.js';

describe('moneta serve --log-format', () => {
  const folder = mkdtempSync(join(tmpdir(), 'moneta-serve-log-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('human: one short line per request, and the listening line without JSON', async () => {
    const server = await spawnServer(['--db', join(folder, 'human.db'), '--workers', '1', '--log-format', 'human']);
    assert.equal((await request(server.baseUrl, 'GET', '/transactions?limit=1')).status, 204);
    const line = await server.line(/GET \/transactions/);
    assert.match(line, /^\d\d:\d\d:\d\d GET \/transactions\?limit=1 204 [\d.]+ ms$/);
    // Said once, by the announcement (neither Fastify's nor the logger's line repeats it).
    assert.equal(server.output.filter((each) => /listening/i.test(each)).length, 1, server.output.join('\n'));
    assert.match(server.output.find((each) => /listening/.test(each)) ?? '', /^moneta listening on http:\/\/127\.0\.0\.1:\d+ \(API reference/);
    assert.ok(!server.output.some((each) => each.startsWith('{')), `no JSON line:\n${server.output.join('\n')}`);
  });

  it('json: one object per line, as for a pipe', async () => {
    const server = await spawnServer(['--db', join(folder, 'json.db'), '--workers', '1', '--log-format', 'json']);
    assert.equal((await request(server.baseUrl, 'GET', '/transactions?limit=1')).status, 204);
    const record = JSON.parse(await server.line(/"msg":"request"/)) as { method: string; url: string; status: number };
    assert.deepEqual([record.method, record.url, record.status], ['GET', '/transactions?limit=1', 204]);
  });
});
