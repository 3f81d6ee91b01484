/**
 * Slow readers of streamed pages (limit above STREAMED_PAGE_LIMIT), against `moneta serve` on
 * real sockets: streams are capped per process, cut off at their deadline (releasing their
 * snapshot: SQLite can checkpoint its WAL again), and never take the connections that short
 * requests use (PostgreSQL: /healthz stays 200 while every stream slot is held).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describeEachEngine } from '../support/engines.js';
import { request, spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { openMigratedStore } from '../../src/store/open-store.js';

/** Enough rows that a page of them (about 11 MB) cannot sit in socket buffers: an unread stream stays open. */
const ROWS = 100_000;
const BIG_PAGE = `/transactions?limit=${ROWS}`;

async function fill(db: string): Promise<void> {
  const store = await openMigratedStore({ db });
  await store.lifecycle.close();
  if (db.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    await client.query(`INSERT INTO transactions (date, description, description_folded, value)
      SELECT '2024-03-01', 'SHOP ' || i, 'shop ' || i, i / 100.0 FROM generate_series(1, ${ROWS}) AS i`);
    await client.end();
    return;
  }
  const file = new Database(db);
  file.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
    INSERT INTO transactions (date, description, description_folded, value) SELECT '2024-03-01', 'SHOP ' || i, 'shop ' || i, i / 100.0 FROM n`);
  file.close();
}

/** A client that asks for the big page, reads its status line and then stops reading. */
async function slowReader(server: SpawnedServer): Promise<{ socket: Socket; status: string; rest: () => Promise<string> }> {
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  after(() => socket.destroy());
  await once(socket, 'connect');
  socket.write(`GET ${BIG_PAGE} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  const [first] = (await once(socket, 'data')) as [Buffer];
  socket.pause();
  const chunks: Buffer[] = [first];
  return {
    socket,
    status: first.toString('latin1').split('\r\n')[0] ?? '',
    // Reads on to the end of the response or of the connection.
    rest: async () => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.resume();
      await once(socket, 'close');
      return Buffer.concat(chunks).toString('latin1');
    },
  };
}

/** Resolves when the server has logged `count` lines matching `pattern` (now or later). */
function logged(server: SpawnedServer, pattern: RegExp, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (server.output.filter((line) => pattern.test(line)).length >= count) {
        server.child.stdout?.off('data', check);
        resolve();
      }
    };
    server.child.stdout?.on('data', () => setImmediate(check));
    check();
  });
}

describeEachEngine('Streamed pages are bounded', ({ engine, freshDbSetting }) => {
  it('caps concurrent streams (503 + Retry-After), keeps short requests served, cuts a stream off at its deadline', { timeout: 120_000 }, async () => {
    const db = await freshDbSetting();
    await fill(db);
    const server = await spawnServer([
      '--db', db, '--workers', '1', '--log-level', 'info', '--no-access-log',
      '--max-streams', '2', '--stream-timeout', '10000', '--pool-max', '2',
      // Neither of these is under test; on a loaded machine they could refuse a stream first.
      '--statement-timeout', '60000', '--max-event-loop-delay', '0',
    ]);
    const readers = [await slowReader(server), await slowReader(server)];
    for (const reader of readers) assert.equal(reader.status, 'HTTP/1.1 200 OK');

    // Both stream slots are held by clients that do not read.
    const third = await request(server.baseUrl, 'GET', BIG_PAGE);
    assert.equal(third.status, 503);
    assert.equal(third.headers.get('retry-after'), '1');
    assert.match(String((third.body as { detail: string }).detail), /streamed pages are being sent, the limit/);
    // Short requests have their own connections (PostgreSQL: --pool-max 2, both streams open).
    assert.equal((await request(server.baseUrl, 'GET', '/healthz')).status, 200);
    assert.equal((await request(server.baseUrl, 'GET', '/transactions?limit=10')).status, 200);
    const created = await request(server.baseUrl, 'POST', '/transactions', { date: '2024-03-02', description: 'AFTER', value: 1 });
    assert.equal(created.status, 201);

    // The deadline passes: each stream is cut, its body left without the end of the chunked encoding.
    await logged(server, /streamed page cut off/, readers.length);
    for (const reader of readers) {
      const text = await reader.rest();
      assert.ok(!text.endsWith('0\r\n\r\n'), 'a stream cut off must not end like a complete response');
      assert.ok(!text.includes(']\r\n0\r\n'), 'nor hold a complete JSON array');
    }
    if (engine === 'sqlite') {
      // No snapshot is held any more: the WAL, written to by the POST above, can be checkpointed whole.
      const file = new Database(db);
      const [result] = file.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      file.close();
      assert.equal(result?.busy, 0);
    }
    // The slots are free again: a reader that reads gets the whole page.
    const whole = await request(server.baseUrl, 'GET', BIG_PAGE);
    assert.equal(whole.status, 200);
    assert.equal((whole.body as unknown[]).length, ROWS);
  });
});
