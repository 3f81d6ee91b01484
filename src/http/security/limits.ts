import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import { rawResponse } from '../node-answers.js';
import { problem, sendProblem } from '../problems.js';
import type { LimitOptions } from '../../config/limits.js';

const RETRY_AFTER_SECONDS = 1;

/** Options that only exist when the HTTP server is created, so buildApp passes them to Fastify(). */
export function limitServerOptions(limits: LimitOptions): FastifyHttpOptions<Server> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    // A request without Host reaches the app, which answers it in the Problem shape (node-answers.ts).
    http: { maxHeaderSize: limits.maxHeaderBytes, requireHostHeader: false },
    clientErrorHandler: answerClientError,
  };
}

/**
 * Errors Node raises before there is a request (headers too large, request too slow, bad
 * framing) are answered in the contract's error shape too, straight on the socket, with a
 * request id that the log line carries too.
 */
function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail, name] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'the request line and headers are larger than the server accepts', 'headers']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'the request was not received in time', 'request']
        : [400, 'Bad Request', 'the request is not valid HTTP/1.1', 'request'];
  const requestId = randomUUID();
  this.log.info({ reqId: requestId, status, code: error.code }, 'request refused before it was read');
  if (socket.writable) socket.write(rawResponse(status, reason, detail, [{ in: 'header', name, message: detail }], requestId));
  socket.destroy(error);
}

/** Hooks that refuse work early: overload first (cheapest), then the rate limit, then URL length. */
export async function registerLimits(app: FastifyInstance, limits: LimitOptions): Promise<void> {
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (inFlight >= limits.maxInFlight) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, `the server is handling ${inFlight} requests, its limit; try again shortly`);
    }
    inFlight += 1;
    // 'close' fires once per response, whether it was sent or the client went away.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    if (request.url.length > limits.maxUrlLength) {
      return sendProblem(reply, 414, `the URL is ${request.url.length} characters long; the limit is ${limits.maxUrlLength}`, [
        { in: 'path', name: 'url', message: `is longer than ${limits.maxUrlLength} characters` },
      ]);
    }
  });
  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      exposeStatusRoute: false,
      pressureHandler: (request, reply, type) => {
        reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).type('application/json; charset=utf-8');
        // A non-null return is sent as the body (see under-pressure's handlePressure).
        return problem(503, `the server is overloaded (${type}); try again shortly`, String(request.id)) as unknown as undefined;
      },
    });
  }
  if (limits.rateLimit) {
    const { max, windowMs } = limits.rateLimit;
    await app.register(rateLimit, {
      max,
      timeWindow: windowMs,
      // Probes and load balancers call /healthz often and must never be told 429.
      allowList: (request) => request.url.split('?')[0] === '/healthz',
      errorResponseBuilder: (_request, context) => {
        // Thrown by the plugin; the one error handler (problems.ts) turns it into the JSON error.
        const error = new Error(`more than ${max} requests in ${windowMs / 1000} s from this client; retry after ${Math.ceil(context.ttl / 1000)} s`);
        return Object.assign(error, { statusCode: 429 });
      },
    });
  }
}
