import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problems.js';

/**
 * The app may run nothing but its own files: no inline script or style (Vite's build emits
 * none), no other origin, never framed. The API is on the same origin (connect-src 'self').
 */
export const WEB_APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

export function isWebAppPath(path: string): boolean {
  return path === '/' || path === '/app' || path.startsWith('/app/');
}

/**
 * The web app (built by Vite into `root`) at /app/, and / redirecting there. Hashed files under
 * assets/ are cached for a year; every other path under /app/ answers index.html, uncached, so
 * a deep link (/app/register?sort=-date) loads the app, which reads its state from the URL.
 * Without a build (running from source), /app/ says how to make one instead of failing.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (!isWebAppPath(request.url.split('?')[0] ?? '')) return;
    reply.header('content-security-policy', WEB_APP_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 302));
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 301));

  // Its own plugin scope, so reply.sendFile does not clash with the docs page's static files.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root, serve: false });
    scope.get('/app/*', { schema: { hide: true } }, async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (path.startsWith('assets/')) {
        // A missing asset is a 404 here: the generic not-found handler would see this route and say 405.
        if (!(await isFileWithin(root, path))) return sendProblem(reply, 404, `no file at /app/${path}`);
        return reply.sendFile(path, { maxAge: ONE_YEAR_MS, immutable: true });
      }
      if (!(await isFileWithin(root, 'index.html'))) {
        return sendProblem(reply, 503, 'the web app is not built: run `npm run build`, then restart `moneta serve`');
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    });
  });
}

/** True for a regular file inside root (never a path that climbs out of it). */
async function isFileWithin(root: string, path: string): Promise<boolean> {
  const base = resolve(root);
  const file = resolve(base, path);
  if (!file.startsWith(base + sep)) return false;
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
