import createClient, { type Middleware } from 'openapi-fetch';
import { DEFAULT_RETRY_SECONDS, retryAfterSeconds } from '../lib/retry-after.js';
import { savedToken } from './session.js';
import type { paths, Problem } from './types.js';

/** What the whole app reacts to, whichever screen made the call. */
export type ConnectionEvent =
  | { kind: 'ok' }
  | { kind: 'unauthorized'; problem: Problem | null }
  | { kind: 'read-only' }
  /** A write was answered 2xx (a preview aside): what the app shows may have changed. */
  | { kind: 'wrote' }
  /** Not answering: `retryAfter` is how many seconds to wait before asking again (the server's Retry-After). */
  | { kind: 'unavailable'; detail: string; retryAfter: number };

type Listener = (event: ConnectionEvent) => void;
const listeners = new Set<Listener>();

export function onConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ConnectionEvent): void {
  for (const listener of listeners) listener(event);
}

const auth: Middleware = {
  onRequest({ request }) {
    const token = savedToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    // A write without a body still says JSON: the server refuses a write whose Content-Type a web
    // form could have sent (cross-site request forgery), and a bodiless one has none.
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.headers.has('content-type')) request.headers.set('content-type', 'application/json');
    return request;
  },
  async onResponse({ request, response }) {
    const answer = response.ok ? response : await withProblem(response);
    // An answer to a request sent under another token (sent before a sign-in or sign-out, answered
    // after it) says nothing about the session now: it must not ask for a token again.
    if (!sentWithToken(request, savedToken()) && (answer.status === 401 || answer.status === 403)) return answer;
    if (answer.status === 401) emit({ kind: 'unauthorized', problem: await problemOf(answer) });
    else if (answer.status === 403 && /insufficient_scope/.test(answer.headers.get('www-authenticate') ?? '')) emit({ kind: 'read-only' });
    else if (UNAVAILABLE.has(answer.status)) {
      const detail = (await problemOf(answer))?.detail ?? 'the server is busy';
      emit({ kind: 'unavailable', detail, retryAfter: retryAfterSeconds(answer.headers.get('retry-after'), Date.now()) });
    }
    else {
      emit({ kind: 'ok' });
      if (answer.ok && request.method !== 'GET' && request.method !== 'HEAD' && !new URL(request.url).pathname.endsWith('/preview')) emit({ kind: 'wrote' });
    }
    return answer;
  },
  onError({ error }) {
    // Aborted requests are the app's own doing (a newer search replaced them), not an outage.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    emit({ kind: 'unavailable', detail: 'the connection to Moneta was lost', retryAfter: DEFAULT_RETRY_SECONDS });
  },
};

function sentWithToken(request: Request, token: string | null): boolean {
  return request.headers.get('authorization') === (token ? `Bearer ${token}` : null);
}

/** Moneta busy (503), or a proxy in front of it that cannot reach it (502, 504). */
const UNAVAILABLE = new Set([502, 503, 504]);

async function problemOf(response: Response): Promise<Problem | null> {
  try {
    const body: unknown = await response.clone().json();
    return isProblem(body) ? body : null;
  } catch {
    return null;
  }
}

function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const { status, detail, errors } = body as Record<string, unknown>;
  return typeof status === 'number' && typeof detail === 'string' && Array.isArray(errors);
}

/**
 * A refusal that is not Moneta's problem body (a proxy's HTML error page, an empty body) is given
 * one, so every screen can read its detail and field errors whoever answered.
 */
async function withProblem(response: Response): Promise<Response> {
  if (response.status === 304 || (await problemOf(response)) !== null) return response;
  const detail = `the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const problem: Problem = { type: 'about:blank', title: response.statusText || 'Error', status: response.status, detail, errors: [], requestId: '' };
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(problem), { status: response.status, statusText: response.statusText, headers });
}

/** The one API client: every path, parameter and body is typed from openapi/moneta.yaml. */
export const api = createClient<paths>({ baseUrl: location.origin });
api.use(auth);
