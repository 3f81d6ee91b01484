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
