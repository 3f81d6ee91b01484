import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rawResponse } from '../node-answers.js';
import { sendProblem } from '../problems.js';
import { isWebAppPath } from '../web-app.js';
import type { LimitOptions } from '../../config/limits.js';
import { eventLoopSampler, LoadShedder, type DelaySampler } from './load-shedding.js';

const RETRY_AFTER_SECONDS = 1;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Why the server is shedding load, set instead of refusing /healthz: the health check
     * answers 503 in its own contract shape (a problem body there failed its 503 serialiser: 500).
     */
    overload: string | null;
  }
  interface FastifyInstance {
    /** Load shedding on event-loop delay, or null when off (tests call its update()). */
    loadShedder: LoadShedder | null;
  }
}

const HEALTH_PATH = '/healthz';

/** True for the health check, which load shedding tells instead of refusing. */
function tellsHealthCheck(request: FastifyRequest, detail: string): boolean {
  if (request.routeOptions.url !== HEALTH_PATH) return false;
  request.overload = detail;
  return true;
}

/** Options that only exist when the HTTP server is created, so buildApp passes them to Fastify(). */
export function limitServerOptions(limits: LimitOptions): FastifyHttpOptions<Server> {
  return {
    // Node's request timeout counts the whole request, body included, so a statement uploaded at
    // under 3.4 MB/s was cut at 30 s however steadily it came. Off here: headers keep their
    // deadline (headersTimeout), a body its own (registerBodyDeadline: the whole body for JSON,
    // no stall longer than uploadStallTimeoutMs for a statement, statement-body.ts).
    requestTimeout: 0,
    connectionTimeout: limits.connectionTimeoutMs,
    // Node keeps an idle keep-alive connection for keepAliveTimeout (Fastify's default: 72 s), not
    // for the socket timeout: both are the documented idle limit.
    keepAliveTimeout: limits.connectionTimeoutMs,
    http: {
      maxHeaderSize: limits.maxHeaderBytes,
      // A request without Host reaches the app, which answers it in the Problem shape (node-answers.ts).
      requireHostHeader: false,
      requestTimeout: 0,
      headersTimeout: limits.requestTimeoutMs,
      // Node checks the headers timeout only this often (default 30 s, so a 30 s limit held a
      // slow client up to 60 s): a tenth of the limit, at most a second late.
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(limits.requestTimeoutMs / 10))),
    },
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

/**
 * A body that is not a statement (JSON, at most the body limit) must have arrived within the
 * request timeout of the request's start; past it the client gets 408 on the socket and the
 * connection is closed, as Node did when its own request timeout covered every body.
 */
function bodyDeadline(request: FastifyRequest, reply: FastifyReply, timeoutMs: number): void {
  const headers = request.raw.headers;
  if (headers['transfer-encoding'] === undefined && !(Number(headers['content-length']) > 0)) return;
  const timer = setTimeout(() => {
    const socket = request.raw.socket;
    if (request.raw.complete || reply.sent || socket.destroyed) return;
    const detail = 'the request body was not received in time';
    request.log.info({ status: 408 }, detail);
    if (socket.writable) socket.write(rawResponse(408, 'Request Timeout', detail, [{ in: 'body', name: 'body', message: detail }], String(request.id)));
    socket.destroy();
  }, timeoutMs);
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));
}

/**
 * Hooks that refuse work early: overload first (cheapest), then the rate limit, then URL length.
 * `sampler` replaces Node's event-loop histogram in tests.
 */
export async function registerLimits(app: FastifyInstance, limits: LimitOptions, sampler?: DelaySampler): Promise<void> {
  let inFlight = 0;
  app.decorateRequest('overload', null);
  const shedder = limits.maxEventLoopDelayMs > 0 ? new LoadShedder({ maxDelayMs: limits.maxEventLoopDelayMs, busyInFlight: limits.shedBusyInFlight, sampler: sampler ?? eventLoopSampler() }) : null;
  app.decorate('loadShedder', shedder);
  if (shedder) {
    // Read once a second; a test's own sampler is read when the test says.
    const timer = sampler ? undefined : setInterval(() => shedder.update(), 1000).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      shedder.close();
    });
  }
  const perClient = new Map<string, number>();
  const perConnection = new WeakMap<object, number>();
  app.addHook('onRequest', async (request, reply) => {
    const client = request.ip;
    const connection = request.raw.socket;
    const ofClient = perClient.get(client) ?? 0;
    const ofConnection = perConnection.get(connection) ?? 0;
    const refusal =
      inFlight >= limits.maxInFlight
        ? `the server is handling ${inFlight} requests, its limit`
        : ofClient >= limits.maxInFlightPerClient
          ? `${ofClient} requests from this client are being handled, the limit per client`
          : ofConnection >= limits.maxInFlightPerConnection
            ? `${ofConnection} requests on this connection are being handled, the limit per connection`
            : // The app's own files (and / redirecting to them) are small reads from disk: refused,
              // the browser shows a blank page; served, the app loads and shows its retry banner.
              isWebAppPath(request.url.split('?')[0] ?? '')
              ? undefined
              : (shedder?.refusal(inFlight) ?? undefined);
    if (refusal !== undefined) {
      const detail = `${refusal}; try again shortly`;
      if (tellsHealthCheck(request, detail)) return;
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, detail);
    }
    inFlight += 1;
    perClient.set(client, ofClient + 1);
    perConnection.set(connection, ofConnection + 1);
    // 'close' fires once per response, whether it was sent or the client went away.
    reply.raw.once('close', () => {
      inFlight -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left === 0) perClient.delete(client);
      else perClient.set(client, left);
      perConnection.set(connection, (perConnection.get(connection) ?? 1) - 1);
    });
    if (request.routeOptions.config.fileBody !== true) bodyDeadline(request, reply, limits.requestTimeoutMs);
    if (request.url.length > limits.maxUrlLength) {
      return sendProblem(reply, 414, `the URL is ${request.url.length} characters long; the limit is ${limits.maxUrlLength}`, [
        { in: 'path', name: 'url', message: `is longer than ${limits.maxUrlLength} characters` },
      ]);
    }
  });
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
