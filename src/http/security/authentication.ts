import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenAuthenticator } from '../../services/token-authenticator.js';
import { READ_METHODS } from '../contract.js';
import { sendProblem } from '../problems.js';
import { isWebAppPath } from '../web-app.js';

/** What the credentials of a request may do, once authentication let it through (GET /manage/access). */
export interface RequestAccess {
  readOnly: boolean;
  /** The token's name; absent when the server needs none. */
  token?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation may change data, so a read-only token is refused (contract.ts `writes`). */
    writes?: boolean;
  }
  interface FastifyRequest {
    /** Set by authentication for every request it lets through; null on open paths. */
    access: RequestAccess | null;
  }
}

/**
 * Whether a request needs a token that may write: as the contract says of its operation (a POST
 * marked `x-writes: false` only reads); for a path or method it does not define (answered 404
 * or 405 after this), by the method.
 */
function needsWrite(request: FastifyRequest): boolean {
  const writes = request.routeOptions.config.writes;
  return typeof writes === 'boolean' ? writes : !READ_METHODS.has(request.method.toLowerCase());
}

/**
 * Paths that never need a token: /healthz for probes, and the contract, its docs page and the
 * web app's files, which hold no data (they are public with the source) and must load in a
 * browser before the user can enter a token (the docs page's "Authorize" dialog, the web app's
 * sign-in screen).
 */
export function isOpenPath(path: string): boolean {
  return path === '/healthz' || path === '/openapi.json' || path === '/docs' || path.startsWith('/docs/') || isWebAppPath(path);
}

const CHALLENGE = 'Bearer realm="moneta"';

/** Every request passes here before routing to a handler; see the README's Security section. */
export function registerAuthentication(app: FastifyInstance, authenticator: TokenAuthenticator): void {
  app.decorateRequest('access', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isOpenPath(request.url.split('?')[0] ?? '')) return;
    const outcome = await authenticator.authenticate(request.headers.authorization);
    switch (outcome.kind) {
      case 'open':
        request.access = { readOnly: false };
        return;
      case 'granted':
        request.access = { readOnly: outcome.token.readOnly, token: outcome.token.name };
        if (outcome.token.readOnly && needsWrite(request)) {
          reply.header('www-authenticate', `${CHALLENGE}, error="insufficient_scope"`);
          return sendProblem(reply, 403, `the token "${outcome.token.name}" is read-only; ${request.method} needs a token made without --read-only`, [
            { in: 'header', name: 'authorization', message: 'is a read-only token' },
          ]);
        }
        return;
      case 'missing':
        reply.header('www-authenticate', CHALLENGE);
        return sendProblem(reply, 401, 'an API token is required: send Authorization: Bearer <token>', [
          { in: 'header', name: 'authorization', message: 'is required' },
        ]);
      case 'invalid':
        reply.header('www-authenticate', `${CHALLENGE}, error="invalid_token"`);
        return sendProblem(reply, 401, 'the API token is not valid (revoked, mistyped, or not a Bearer token)', [
          { in: 'header', name: 'authorization', message: 'is not a valid API token' },
        ]);
      case 'no-token-exists':
        reply.header('www-authenticate', CHALLENGE);
        return sendProblem(reply, 401, 'this server is reachable from the network and has no API token: create one with `moneta tokens create <name>`', [
          { in: 'header', name: 'authorization', message: 'cannot be checked: no token exists' },
        ]);
    }
  });
}
