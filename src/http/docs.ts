import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * /openapi.json serves the contract as written; /docs is an interactive reference whose assets
 * come from the swagger-ui-dist npm package (no CDN).
 */
export async function registerDocs(app: FastifyInstance, document: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify(document);
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
