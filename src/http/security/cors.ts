import type { FastifyInstance } from 'fastify';

/** Response headers a browser script may read: the total of a list, where a creation went, the request id. */
const EXPOSED = 'X-Total-Count, Location, X-Request-Id, Retry-After, Idempotent-Replayed, Moneta-Change';
const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
const ALLOWED_METHODS = 'GET, POST, PUT';

/**
 * CORS for the configured origins only (none: no CORS header at all, so browsers keep other
 * sites' scripts out). Preflights are answered here, before authentication, because browsers
 * never send credentials on them. Written in a few lines rather than taken from @fastify/cors,
 * whose catch-all OPTIONS route would turn every 404 into a 405 in method-not-allowed.ts.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    reply.header('vary', 'Origin');
    if (!allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
