/**
 * `serve --workers 2`: a rule created through one request applies to the very next POST, whichever
 * worker answers it (issue 28: each worker's rule cache trusted itself for up to a second). Each
 * request opens a connection of its own, so the cluster's round-robin hands consecutive requests
 * to alternate workers; both workers have compiled their rules before the first rule exists.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { it } from 'node:test';
import { describeEachEngine } from '../support/engines.js';
import { spawnServer } from '../support/spawned-server.js';

/** One request on a connection of its own (no keep-alive: the next may reach the other worker). */
function send(baseUrl: string, method: string, path: string, payload: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const outgoing = httpRequest(`${baseUrl}${path}`, { method, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describeEachEngine('serve --workers 2: a new rule reaches the next POST on every worker', ({ engine, freshDbSetting }) => {
  it('categorises the POST right after each rule is created, round after round', async () => {
    // Ports of this suite's own range (the helper's --port 0 is overridden by the later flag).
    const port = engine === 'sqlite' ? '42110' : '42111';
    const server = await spawnServer(['--db', await freshDbSetting(), '--workers', '2', '--port', port]);
    assert.ok(server.baseUrl.endsWith(`:${port}`), server.baseUrl);
    const post = async (description: string) => {
      const created = await send(server.baseUrl, 'POST', '/transactions', { date: '2024-02-01', description, value: -1 });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return (created.body as { category?: string }).category ?? null;
    };
    // Both workers compile their (empty) rules.
    for (let n = 0; n < 4; n += 1) assert.equal(await post(`warm up ${n}`), null);
    for (let round = 0; round < 6; round += 1) {
      const rule = await send(server.baseUrl, 'POST', '/rules', { category: `Category ${round}`, descriptionContains: `merchant${round}` });
      assert.equal(rule.status, 201, JSON.stringify(rule.body));
      assert.equal(await post(`MERCHANT${round} shop`), `Category ${round}`, `round ${round}`);
    }
  });
});
