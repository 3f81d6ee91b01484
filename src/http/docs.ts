import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * /openapi.json serves the contract as written; /docs is an interactive reference whose assets
 * come from the swagger-ui-dist npm package (no CDN).
 */
export async function registerDocs(app: FastifyInstance, document: Record<string, unknown>): Promise<void> {
  // The docs page must not be framed by another site (clickjacking its "Try it out" with the
  // user's token) nor any of its files be sniffed into another type.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/openapi.json' && path !== '/docs' && !path.startsWith('/docs/')) return;
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "frame-ancestors 'none'");
    reply.header('x-frame-options', 'DENY');
  });
  const body = JSON.stringify(document);
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
