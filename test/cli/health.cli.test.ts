import assert from 'node:assert/strict';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { request, runCli, spawnServer } from '../support/spawned-server.js';

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'moneta-health-')), 'moneta.db');

interface Health {
  status: string;
  store: { engine: string; reachable: boolean; error?: string };
}

/** Overwrites one leaf page in the middle of the transactions table, as a failing disk would. */
function damageTransactionsTable(file: string): void {
  const db = new Database(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const leaves = (db.prepare("SELECT pageno FROM dbstat WHERE name = 'transactions' AND pagetype = 'leaf' ORDER BY pageno").all() as { pageno: number }[]).map(
    (row) => row.pageno,
  );
  db.close();
  assert.ok(leaves.length > 4, `only ${leaves.length} leaf pages`);
  const page = leaves[Math.floor(leaves.length / 2)] ?? 0;
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

describe('/healthz tells the truth (moneta serve)', () => {
  it('answers 503 in its own shape while the server sheds load, not 500', async () => {
    const server = await spawnServer(['--db', freshDb(), '--workers', '1', '--max-in-flight', '1']);
    const { hostname, port } = new URL(server.baseUrl);
    // A request that holds the only slot: headers sent, body not. With Expect: 100-continue the
    // server says "100 Continue" in the same turn as it admits the request, so once the client
    // reads it, the slot is taken.
    const socket = connect(Number(port), hostname);
    socket.write(
      `POST /transactions HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    const [continued] = (await once(socket, 'data')) as [Buffer];
    assert.match(continued.toString(), /^HTTP\/1\.1 100 Continue/);

    const health = await request(server.baseUrl, 'GET', '/healthz');
    assert.equal(health.status, 503, JSON.stringify(health.body));
    assert.equal(health.headers.get('retry-after'), '1');
    const body = health.body as Health;
    assert.equal(body.status, 'unavailable');
    assert.equal(body.store.reachable, true);
    assert.match(body.store.error ?? '', /handling 1 requests, its limit/);
    // Other requests keep getting the problem body.
    const shed = await request(server.baseUrl, 'GET', '/banks');
    assert.equal(shed.status, 503);
    assert.equal((shed.body as { type: string }).type, 'urn:moneta:problem:unavailable');
    socket.destroy();
    await server.stop();
  });

  it('a damaged SQLite file: pages, writes and /healthz answer 503, and the log says how to recover', async () => {
    const db = freshDb();
    const demo = await runCli(['demo', '--db', db]);
    assert.equal(demo.code, 0, demo.stderr);
    damageTransactionsTable(db);
    const server = await spawnServer(['--db', db, '--workers', '1']);
    assert.equal((await request(server.baseUrl, 'GET', '/healthz')).status, 200, 'the damage is not found before something reads it');

    const page = await request(server.baseUrl, 'GET', '/transactions?limit=2000');
    assert.equal(page.status, 503, JSON.stringify(page.body));
    assert.match((page.body as { detail: string }).detail, /database file is damaged \(database disk image is malformed\)/);

    const health = await request(server.baseUrl, 'GET', '/healthz');
    assert.equal(health.status, 503);
    assert.deepEqual((health.body as Health).store.reachable, false);
    assert.match((health.body as Health).store.error ?? '', /damaged/);

    const write = await request(server.baseUrl, 'POST', '/transactions', { date: '2024-03-01', description: 'RENT', value: -950 });
    assert.equal(write.status, 503, JSON.stringify(write.body));
    const put = await request(server.baseUrl, 'PUT', '/transactions/1', { category: 'Rent' });
    assert.equal(put.status, 503);

    const log = server.output.join('\n');
    assert.match(log, /DATABASE DAMAGED/);
    assert.match(log, new RegExp(`moneta restore <backup> --db ${db.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    assert.match(log, /\.recover/);
    await server.stop();
  });
});
