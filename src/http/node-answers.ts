import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '../domain/errors.js';
import { problem, sendProblem } from './problems.js';

/**
 * Requests Node answers itself before Fastify sees them get the contract's Problem body and a
 * request id (in X-Request-Id, in the body and in the log line) like every other response:
 * - an `Expect` other than 100-continue (Node: a bare 417);
 * - CONNECT (Node: the connection dropped without an answer);
 * - HTTP/1.1 without a Host header (Node: a bare 400; here Node lets it through and the
 *   hook below refuses it, naming the header);
 * - malformed HTTP, headers too large, a request too slow (clientError, see limits.ts).
 */
export function registerNodeAnswers(app: FastifyInstance): void {
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const expectation = String(request.headers.expect ?? '');
    answerRaw(app, response, 417, 'Expectation Failed', `Expect: ${expectation} is not supported; only 100-continue is`, [
      { in: 'header', name: 'expect', message: 'is not supported; only 100-continue is' },
    ]);
  });
  app.server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const requestId = randomUUID();
    app.log.info({ reqId: requestId, method: request.method, url: request.url, status: 405 }, 'request refused before routing');
    socket.on('error', () => socket.destroy());
    socket.end(rawResponse(405, 'Method Not Allowed', 'CONNECT is not allowed: this is not a proxy', [], requestId, { Allow: 'GET, HEAD, POST, PUT' }));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host === undefined && request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1) {
      return sendProblem(reply, 400, 'an HTTP/1.1 request must send a Host header', [{ in: 'header', name: 'host', message: 'is required' }]);
    }
  });
}

function answerRaw(app: FastifyInstance, response: ServerResponse, status: number, reason: string, detail: string, errors: FieldError[]): void {
  const requestId = randomUUID();
  app.log.info({ reqId: requestId, method: response.req.method, url: response.req.url, status }, 'request refused before routing');
  const body = JSON.stringify(problem(status, detail, requestId, errors));
  response.writeHead(status, reason, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': requestId,
    connection: 'close',
  });
  response.end(body);
}

/** A whole HTTP/1.1 response with a Problem body, for a socket Node gives us without a response object. */
export function rawResponse(
  status: number,
  reason: string,
  detail: string,
  errors: FieldError[],
  requestId: string,
  headers: Record<string, string> = {},
): string {
  const body = JSON.stringify(problem(status, detail, requestId, errors));
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n${extra}Connection: close\r\n\r\n${body}`
  );
}
