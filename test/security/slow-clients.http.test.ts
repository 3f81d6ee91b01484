/**
 * Slow and greedy clients on real sockets: the documented request and idle timeouts hold, and
 * one connection or one client address cannot take the server's in-flight slots.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import type { LimitOptions } from '../../src/config/limits.js';
import { buildTestApp } from '../support/app.js';

async function memoryStore(): Promise<Store> {
  const store = new SqliteStore({ path: ':memory:' });
  await store.lifecycle.migrate();
  await store.transactions.create({ date: '2024-03-01', description: 'COFFEE', value: -3.5 });
  after(() => store.lifecycle.close());
  return store;
}

/** GET /transactions/:id waits for release(); entered() resolves once `count` such reads reached the store. */
function gatedReads(store: Store) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const transactions: Store['transactions'] = {
    ...store.transactions,
    findById: async (id) => {
      entered += 1;
      for (const waiter of waiters.filter((w) => w.count <= entered)) waiter.resolve();
      await gate;
      return store.transactions.findById(id);
    },
  };
  const gated = new Proxy(store, {
    get: (target, property, receiver) => (property === 'transactions' ? transactions : (Reflect.get(target, property, receiver) as unknown)),
  });
  const reached = (count: number) => new Promise<void>((resolve) => (entered >= count ? resolve() : waiters.push({ count, resolve })));
  return { store: gated, release, reached };
}

async function listening(store: Store, limits: Partial<LimitOptions>): Promise<{ app: FastifyInstance; port: number }> {
  // No event-loop-delay shedding: only the limits under test may refuse here.
  const app = await buildTestApp(store, { security: { limits: { maxEventLoopDelayMs: 0, ...limits } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** A raw connection that collects everything the server sends. */
async function rawConnection(port: number, localAddress?: string): Promise<{ socket: Socket; received: () => string; statuses: (count: number) => Promise<number[]> }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  await once(socket, 'connect');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  after(() => socket.destroy());
  const statusesNow = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
  return {
    socket,
    received: () => text,
    // The first `count` status codes, in order, once they have arrived.
    statuses: async (count) => {
      while (statusesNow().length < count) {
        if (socket.destroyed) break;
        await once(socket, 'data');
      }
      return statusesNow().slice(0, count);
    },
  };
}

/** Before the limits were enforced these tests waited for 30 to 72 s; a failure is reported instead. */
const BOUNDED = { timeout: 10_000 };

const get = (port: number, path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

describe('Slow clients: the documented timeouts hold', () => {
  it('a request whose body stops coming gets 408 and its connection closed once the request timeout passes', BOUNDED, async () => {
    const { port } = await listening(await memoryStore(), { requestTimeoutMs: 200 });
    const { socket, received } = await rawConnection(port);
    socket.write(`POST /transactions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"date":`);
    await once(socket, 'close');
    assert.match(received(), /^HTTP\/1\.1 408 /);
  });

  it('a request whose headers stop coming gets 408 and its connection closed once the request timeout passes', BOUNDED, async () => {
    const { port } = await listening(await memoryStore(), { requestTimeoutMs: 200 });
    const { socket, received } = await rawConnection(port);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: a`);
    await once(socket, 'close');
    assert.match(received(), /^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is closed after the connection timeout, and says so in Keep-Alive', BOUNDED, async () => {
    const { port } = await listening(await memoryStore(), { connectionTimeoutMs: 1000 });
    const { socket, received, statuses } = await rawConnection(port);
    socket.write(get(port, '/healthz'));
    assert.deepEqual(await statuses(1), [200]);
    assert.match(received(), /^Keep-Alive: timeout=1$/im);
    await once(socket, 'close');
  });

  it('announces the documented 60 s idle limit by default', BOUNDED, async () => {
    const { port } = await listening(await memoryStore(), {});
    const { socket, received, statuses } = await rawConnection(port);
    socket.write(get(port, '/healthz'));
    assert.deepEqual(await statuses(1), [200]);
    assert.match(received(), /^Keep-Alive: timeout=60$/im);
  });
});

describe('Greedy clients: in-flight slots per connection and per client', () => {
  it('pipelined requests beyond the per-connection limit get 503 with Retry-After, in order', BOUNDED, async () => {
    const gated = gatedReads(await memoryStore());
    const { port } = await listening(gated.store, { maxInFlightPerConnection: 2 });
    const { socket, received, statuses } = await rawConnection(port);
    socket.write(get(port, '/transactions/1').repeat(5));
    await gated.reached(2);
    gated.release();
    assert.deepEqual(await statuses(5), [200, 200, 503, 503, 503]);
    assert.match(received(), /^retry-after: 1$/im);
    assert.match(received(), /requests on this connection are being handled, the limit per connection/);
  });

  it('requests beyond the per-client limit get 503 at once while others from that client wait; another client is served', BOUNDED, async () => {
    const gated = gatedReads(await memoryStore());
    const { port } = await listening(gated.store, { maxInFlightPerClient: 2, maxInFlight: 100 });
    const connections = await Promise.all([rawConnection(port), rawConnection(port), rawConnection(port)]);
    for (const [index, connection] of connections.slice(0, 2).entries()) {
      connection.socket.write(get(port, '/transactions/1'));
      await gated.reached(index + 1);
    }
    const third = connections[2];
    assert.ok(third);
    third.socket.write(get(port, '/transactions/1'));
    // Answered while the first two still wait in the store.
    assert.deepEqual(await third.statuses(1), [503]);
    assert.match(third.received(), /requests from this client are being handled, the limit per client/);
    // Another address (all of 127.0.0.0/8 is loopback) is a client of its own.
    const other = await rawConnection(port, '127.0.0.2');
    other.socket.write(get(port, '/transactions/1'));
    await gated.reached(3);
    gated.release();
    for (const connection of [...connections.slice(0, 2), other]) assert.deepEqual(await connection.statuses(1), [200]);
  });
});
