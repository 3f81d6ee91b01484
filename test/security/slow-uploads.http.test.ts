/**
 * Statement uploads on real sockets (issue 28, item 20): an upload that keeps coming is read to
 * its end however long it takes, past the request timeout; one that stops coming is cut with a
 * 408 once no byte has arrived for the stall timeout, and nothing is imported.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import type { LimitOptions } from '../../src/config/limits.js';
import { buildTestApp, call } from '../support/app.js';

async function storeWithBank(): Promise<Store> {
  const store = new SqliteStore({ path: ':memory:' });
  await store.lifecycle.migrate();
  await store.catalogue.addBank({ id: 'ing', name: 'ING', aggregatorId: null });
  after(() => store.lifecycle.close());
  return store;
}

async function listening(store: Store, limits: Partial<LimitOptions>): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildTestApp(store, { security: { limits } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** A raw connection; `answer()` is everything the server sent once it closes the connection or a whole response arrived. */
async function rawConnection(port: number): Promise<{ socket: Socket; answer: () => Promise<string> }> {
  const socket = connect({ port, host: '127.0.0.1' });
  await once(socket, 'connect');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  after(() => socket.destroy());
  const complete = () => {
    const match = /\r\ncontent-length: (\d+)\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/i.exec(text);
    return match !== null && Buffer.byteLength(match[2] ?? '') >= Number(match[1]);
  };
  return {
    socket,
    answer: async () => {
      while (!complete() && !socket.destroyed && !socket.readableEnded) await Promise.race([once(socket, 'data'), once(socket, 'close'), once(socket, 'end')]);
      return text;
    },
  };
}

const ROWS = Array.from({ length: 40 }, (_, index) => `2024-01-${String((index % 28) + 1).padStart(2, '0')},SHOP ${index},-${index + 1}.00\n`);
const STATEMENT = `Date,Description,Amount\n${ROWS.join('')}`;

const head = (port: number, length: number) =>
  `POST /imports?bank=ing&fileName=slow.csv HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/csv\r\nContent-Length: ${length}\r\n\r\n`;

/** Resolves after `ms` on the real clock; used to pace the client, never to decide a result. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const BOUNDED = { timeout: 20_000 };

describe('Statement uploads: slow is fine, stalled is cut (item 20)', () => {
  it('an upload that keeps coming for longer than the request timeout is read to its end and imported', BOUNDED, async () => {
    const requestTimeoutMs = 300;
    // Each pause is a tiny fraction of the stall limit; the whole upload outlasts the request timeout.
    const { port } = await listening(await storeWithBank(), { requestTimeoutMs, uploadStallTimeoutMs: 5000, connectionTimeoutMs: 10_000 });
    const { socket, answer } = await rawConnection(port);
    const bytes = Buffer.from(STATEMENT);
    socket.write(head(port, bytes.length));
    const started = Date.now();
    let sent = 0;
    // 20 bytes at a time until the request timeout has passed at least twice, then the rest.
    while (sent < bytes.length) {
      const size = Date.now() - started < 2 * requestTimeoutMs ? Math.min(20, bytes.length - sent - 1) : bytes.length - sent;
      socket.write(bytes.subarray(sent, sent + size));
      sent += size;
      if (sent < bytes.length) await pause(15);
    }
    assert.ok(Date.now() - started > requestTimeoutMs, 'the upload took longer than the request timeout');
    const text = await answer();
    assert.match(text, /^HTTP\/1\.1 200 /, text);
    assert.match(text, /"outcome":"imported"/);
    assert.match(text, /"added":40/);
  });

  it('an upload that stops coming gets 408 naming the body, its connection closed, and nothing is imported', BOUNDED, async () => {
    const { app, port } = await listening(await storeWithBank(), { requestTimeoutMs: 60_000, uploadStallTimeoutMs: 200, connectionTimeoutMs: 60_000 });
    const { socket, answer } = await rawConnection(port);
    const bytes = Buffer.from(STATEMENT);
    socket.write(head(port, bytes.length));
    socket.write(bytes.subarray(0, 100));
    const text = await answer();
    assert.match(text, /^HTTP\/1\.1 408 /, text);
    assert.match(text, /no byte for 200 ms after 100 bytes/);
    assert.match(text, /"name":"body"/);
    assert.match(text, /connection: close/i);
    if (!socket.destroyed && !socket.readableEnded) await once(socket, 'end');
    assert.equal((await call(app, 'GET', '/transactions')).status, 204, 'nothing imported');
    assert.equal((await call(app, 'GET', '/imports')).status, 204, 'no history entry');
  });
});
