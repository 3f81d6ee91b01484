import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problems.js';

/**
 * Unknown path -> 404; a known path with a method it does not define -> 405 with Allow.
 * Routes are learnt as they are registered, so docs and later additions are covered too.
 */
export function registerNotFoundHandler(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const source = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const pattern = new RegExp(`^${source}$`);
    let entry = routes.find((candidate) => candidate.pattern.source === pattern.source);
    if (!entry) routes.push((entry = { pattern, methods: new Set() }));
    for (const method of [route.method].flat()) entry.methods.add(method.toUpperCase());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const methods = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) route.methods.forEach((method) => methods.add(method));
    if (methods.size > 0) {
      const allow = [...methods].sort().join(', ');
      reply.header('allow', allow);
      return sendProblem(reply, 405, `${request.method} is not allowed on ${path}; allowed: ${allow}`);
    }
    return sendProblem(reply, 404, `no resource at ${path}`);
  });
}
