import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

/**
 * Requests Node answers before Fastify sees them (issue 14, items 6 and 11) get the contract's
 * Problem body and an X-Request-Id equal to the body's requestId, over a real socket. Before:
 * a bare 400 without Host, a bare 417 for `Expect: 200-ok`, no answer at all to CONNECT, and
 * 431/400 bodies with requestId "none: rejected before it was read" and no X-Request-Id.
 */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

let app: FastifyInstance;
let port: number;

const store = new SqliteStore({ path: ':memory:' });

before(async () => {
  await store.lifecycle.migrate();
  // Built here and closed below: buildTestApp's own after() would close it when this hook ends.
  app = await buildApp({ store, logger: pino({ level: 'silent' }), accessLog: false, security: { limits: { maxHeaderBytes: 4096, maxEventLoopDelayMs: 0 } } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});

after(async () => {
  await app.close();
  await store.lifecycle.close();
});

/** Writes the bytes as they are and reads the first response (the server closes or answers once). */
function send(raw: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let data = '';
    socket.setEncoding('utf8');
    const finish = () => {
      const head = data.split('\r\n\r\n')[0] ?? '';
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const body = data.slice(head.length + 4);
      const length = Number(headers['content-length'] ?? NaN);
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body: Number.isNaN(length) ? body : body.slice(0, length) });
    };
    socket.on('data', (chunk: string) => {
      data += chunk;
      const head = data.indexOf('\r\n\r\n');
      if (head === -1) return;
      const length = /content-length:\s*(\d+)/i.exec(data.slice(0, head))?.[1];
      if (length !== undefined && Buffer.byteLength(data.slice(head + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('close', () => (data === '' ? reject(new Error('closed without an answer')) : finish()));
    socket.on('error', () => {});
  });
}

function assertProblem(answer: RawAnswer, status: number, field?: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer));
  assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
  const body = JSON.parse(answer.body) as { status: number; requestId: string; errors: { name: string }[] };
  assert.equal(body.status, status);
  assert.match(body.requestId, /^[0-9a-f-]{36}$/);
  assert.equal(answer.headers['x-request-id'], body.requestId);
  if (field !== undefined) assert.deepEqual(body.errors.map((error) => error.name), [field]);
}

describe('answers Node gives before routing, in the Problem shape with a request id', () => {
  it('HTTP/1.1 without Host: 400 naming host', async () => {
    assertProblem(await send('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'), 400, 'host');
  });

  it('Expect: 200-ok: 417 naming expect', async () => {
    assertProblem(await send(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n`), 417, 'expect');
  });

  it('CONNECT: 405 with Allow', async () => {
    const answer = await send(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    assertProblem(answer, 405);
    assert.equal(answer.headers.allow, 'GET, HEAD, POST, PUT');
  });

  it('headers too large: 431 with X-Request-Id', async () => {
    assertProblem(await send(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(8192)}\r\n\r\n`), 431, 'headers');
  });

  it('a request line that is not HTTP: 400 with X-Request-Id', async () => {
    assertProblem(await send('FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'request');
  });

  it('HTTP/1.0 may leave Host out; Expect: 100-continue still works', async () => {
    const old = await send('GET /healthz HTTP/1.0\r\n\r\n');
    assert.equal(old.status, 403, JSON.stringify(old)); // not one of the server's names
    const answer = await send(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
    assert.equal(answer.status, 100);
  });
});
