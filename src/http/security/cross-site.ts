import type { FastifyInstance, FastifyRequest } from 'fastify';
import { READ_METHODS } from '../contract.js';
import { sendProblem } from '../problems.js';

/**
 * The media types a page on another site may send without asking first (a form, `sendBeacon`,
 * a `no-cors` fetch): a write carrying one of them, or none, could come from any site.
 */
const FORM_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * Cross-site request forgery. Without tokens (the loopback default) a browser on the same machine
 * would carry out a write that any page it visits asks for: an import through a `text/plain`
 * form, an undo through a bodiless fetch. Every request to an operation that is not a read is
 * refused, whatever the authentication mode, when:
 * - the browser says it comes from another site or origin (`Sec-Fetch-Site` other than
 *   `same-origin` or `none`), or its `Origin` is not this server's own, unless that origin is
 *   one configured for CORS (`--cors-origin`): 403;
 * - it is a POST (the one writing method a page may send without the server's consent) carrying
 *   neither a `Content-Type` a page cannot send without consent (JSON, a statement's own type) nor
 *   an `Authorization` header: so even a browser that sends neither header above cannot forge
 *   it: 400 naming `content-type`. A POST without a body sends `Content-Type: application/json`.
 */
export function registerCrossSiteCheck(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const allowedOrigins = new Set(corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    // Reads change nothing; an unknown path or method is answered 404 or 405 as it always is.
    if (READ_METHODS.has(request.method.toLowerCase()) || request.is404) return;
    const problem = crossSiteProblem(request, allowedOrigins);
    if (problem === null) return;
    return sendProblem(reply, problem.status, problem.detail, [{ in: 'header', name: problem.header, message: problem.message }]);
  });
}

interface CrossSiteProblem {
  /** 403 for a request another site sent; 400 for a Content-Type any site could send (decisions.md: a POST or PUT not in JSON is a 400). */
  status: 400 | 403;
  header: string;
  message: string;
  detail: string;
}

function crossSiteProblem(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): CrossSiteProblem | null {
  const origin = request.headers.origin;
  const configured = origin !== undefined && allowedOrigins.has(origin);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !configured) {
    return {
      status: 403,
      header: 'sec-fetch-site',
      message: `is "${site}": a write must come from Moneta's own pages or a program, not from another site`,
      detail: 'a write from another site is refused (cross-site request forgery); add that site with --cors-origin if it is yours',
    };
  }
  if (origin !== undefined && !configured && !isOwnOrigin(origin, request.headers.host)) {
    return {
      status: 403,
      header: 'origin',
      message: 'is not this server\'s own origin',
      detail: 'a write from another origin is refused (cross-site request forgery); add that origin with --cors-origin if it is yours',
    };
  }
  // PUT, PATCH and DELETE are never sent across sites without the server's consent (a preflight
  // this server only answers for --cors-origin); a POST is, with a form's type or none.
  if (request.method === 'POST' && request.headers.authorization === undefined && !nonFormType(request.headers['content-type'])) {
    return {
      status: 400,
      header: 'content-type',
      message: 'must be application/json (or, for an import, the statement\'s own type such as text/csv or application/octet-stream)',
      detail: 'a write needs a Content-Type a web form cannot send (application/json, even with no body) or an Authorization header: others could come from any web page',
    };
  }
  return null;
}

/** The origin names this server as the request's Host does (a reverse proxy may change the scheme). */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    // The Host read with the origin's scheme, so that a default port (80, 443) compares equal
    // whether it is written or not.
    const parsed = new URL(origin);
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
}

function nonFormType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence !== '' && !FORM_TYPES.has(essence);
}
