import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppOptions } from '../../src/app.js';
import type { Store } from '../../src/store/store.js';

/**
 * A real app around the given store, closed after the test file. Logs are discarded. Load
 * shedding on event-loop delay is off unless a test sets it (a loaded test machine would get
 * spurious 503s); the other limits are the defaults.
 */
export async function buildTestApp(store: Store, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const security = { ...options.security, limits: { maxEventLoopDelayMs: 0, ...options.security?.limits } };
  const app = await buildApp({ store, logger: pino({ level: 'silent' }), accessLog: false, ...options, security });
  after(() => app.close());
  return app;
}

export interface JsonResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
  text: string;
}

/** Sends a request through the app; a non-string payload is sent as JSON. */
export async function call(
  app: FastifyInstance,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const isRaw = typeof payload === 'string' || Buffer.isBuffer(payload);
  const response = await app.inject({
    method: method as 'GET',
    url,
    payload: payload === undefined ? undefined : isRaw ? (payload as string) : JSON.stringify(payload),
    // A JSON body says so; so does a write without a body, as every client must (a write without a
    // Content-Type a form cannot send is refused: http/security/cross-site.ts).
    headers: !('content-type' in headers) && ((payload !== undefined && !isRaw) || (payload === undefined && !['GET', 'HEAD', 'OPTIONS'].includes(method)))
      ? { 'content-type': 'application/json', ...headers }
      : headers,
  });
  let body: unknown = undefined;
  if (response.body !== '') {
    try {
      body = JSON.parse(response.body);
    } catch {
      body = response.body;
    }
  }
  return { status: response.statusCode, headers: response.headers, body, text: response.body };
}

/**
 * An extension write's body without its `change` (the token of the change it made: docs/undo.md),
 * which must be there, a positive integer, when the write changed something.
 */
export function withoutChange(body: unknown): unknown {
  const { change, ...rest } = body as { change?: unknown };
  assert.ok(Number.isSafeInteger(change) && (change as number) > 0, `expected a change token in ${JSON.stringify(body)}`);
  return rest;
}
