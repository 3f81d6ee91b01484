import assert from 'node:assert/strict';
import { once } from 'node:events';
import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/contract.gen.js';
import { describeEachEngine } from '../support/engines.js';
import { runCli, spawnServer } from '../support/spawned-server.js';

describeEachEngine('moneta serve (end to end)', ({ engine, freshDbSetting }) => {
  // spawnServer stops every server it started after the suite.
  const start = (db: string, extra: string[] = []) => spawnServer(['--db', db, '--workers', '1', '--log-level', 'info', ...extra]);

  it('serves the contract through a generated client, stops on SIGTERM and keeps the data on restart', async () => {
    const db = await freshDbSetting();
    const bank = await runCli(['banks', 'add', 'ing', 'ING Bank', '--db', db]);
    assert.equal(bank.code, 0, bank.stderr);
    const first = await start(db);
    const client = createClient<paths>({ baseUrl: first.baseUrl });

    const created = await client.POST('/transactions', {
      body: { date: '2024-02-29', description: 'Café Müller', value: -3.1, category: 'Coffee', bank: 'ing' },
    });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    assert.deepEqual(created.data, { id: 1, date: '2024-02-29', description: 'Café Müller', value: -3.1, category: 'Coffee', bank: 'ing' });
    assert.equal(created.response.headers.get('location'), '/transactions/1');

    const invalid = await client.POST('/transactions', { body: { date: '2023-02-29', description: 'x', value: 1 } });
    assert.equal(invalid.response.status, 400);
    assert.equal(invalid.error?.errors[0]?.name, 'date');

    const put = await client.PUT('/transactions/{transactionId}', { params: { path: { transactionId: 1 } }, body: { category: 'Treats' } });
    assert.equal(put.response.status, 204, JSON.stringify(put.error));

    const listed = await client.GET('/transactions', { params: { query: { description: 'CAFÉ', sort: '-date' } } });
    assert.equal(listed.response.status, 200, JSON.stringify(listed.error));
    assert.equal(listed.response.headers.get('x-total-count'), '1');
    assert.equal(listed.data?.[0]?.category, 'Treats');

    const banks = await client.GET('/banks/{bankId}', { params: { path: { bankId: 'ing' } } });
    assert.deepEqual(banks.data, { id: 'ing', name: 'ING Bank' });
    const health = await client.GET('/healthz');
    assert.deepEqual(health.data, { status: 'ok', store: { engine, reachable: true } });

    assert.equal(await first.stop(), 0, first.output.join('\n'));
    assert.match(first.output.join('\n'), /shutting down/);
    assert.match(first.output.join('\n'), /"reqId":/, 'log lines carry the request id');

    const second = await start(db);
    const again = await createClient<paths>({ baseUrl: second.baseUrl }).GET('/transactions/{transactionId}', {
      params: { path: { transactionId: 1 } },
    });
    assert.deepEqual(again.data, { id: 1, date: '2024-02-29', description: 'Café Müller', value: -3.1, category: 'Treats', bank: 'ing' });
    if (engine === 'sqlite') {
      for (const file of [db, `${db}-wal`, `${db}-shm`]) {
        assert.equal(statSync(file).mode & 0o777, 0o600, `${file} is private while the server runs`);
      }
    }
    assert.equal(await second.stop(), 0, second.output.join('\n'));
  });

  it('answers every in-flight request before exiting on SIGTERM, and keeps what it acknowledged', async () => {
    const db = await freshDbSetting();
    const server = await start(db);
    // Each POST sends its headers with "Expect: 100-continue" and holds its body back. The
    // server's "100 Continue" is the event that says it has the request in hand.
    const held = Array.from({ length: IN_FLIGHT }, (_, i) => holdPost(server.baseUrl, '/transactions', { date: '2024-01-01', description: `in flight ${i}`, value: i }));
    await Promise.all(held.map((request) => request.continued));
    server.child.kill('SIGTERM');
    await server.line(/shutting down/);
    // Only now do the bodies arrive: the server is stopping, and must still answer every one.
    for (const request of held) request.send();
    const statuses = await Promise.all(held.map((request) => request.status));
    assert.deepEqual(statuses, held.map(() => 201), server.output.join('\n'));
    assert.equal(await server.exited, 0, server.output.join('\n'));

    const restarted = await start(db);
    const list = await fetch(`${restarted.baseUrl}/transactions?limit=0`);
    assert.equal(list.headers.get('x-total-count'), String(IN_FLIGHT), 'every acknowledged write survived');
    await restarted.stop();
  });

  it('demo loads a realistic dataset that the server then serves', async () => {
    const db = await freshDbSetting();
    const demo = await runCli(['demo', '--db', db]);
    assert.equal(demo.code, 0, demo.stderr);
    assert.match(demo.stdout, /loaded 3 banks, 4 accounts, 20 categories and 2000 transactions/);
    const refused = await runCli(['demo', '--db', db]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /already has 2000 transactions/);
    const server = await start(db);
    const uncategorised = await fetch(`${server.baseUrl}/transactions?category=&limit=1`);
    assert.ok(Number(uncategorised.headers.get('x-total-count')) > 0);
    const categories = (await (await fetch(`${server.baseUrl}/categories`)).json()) as { group?: { name: string } }[];
    assert.equal(categories.length, 20);
    assert.ok(new Set(categories.map((category) => category.group?.name).filter(Boolean)).size >= 6);
    await server.stop();
  });
});

const IN_FLIGHT = 50;

/** A POST whose body waits until send(): `continued` resolves once the server has its headers. */
function holdPost(baseUrl: string, path: string, body: unknown): { continued: Promise<void>; send(): void; status: Promise<number> } {
  const payload = JSON.stringify(body);
  const request = httpRequest(`${baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), expect: '100-continue' },
  });
  const continued = once(request, 'continue').then(() => undefined);
  const status = new Promise<number>((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
  request.flushHeaders();
  return { continued, send: () => request.end(payload), status };
}
