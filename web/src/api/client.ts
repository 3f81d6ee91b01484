import createClient, { type Middleware } from 'openapi-fetch';
import { savedToken } from './session.js';
import type { paths, Problem } from './types.js';

/** What the whole app reacts to, whichever screen made the call. */
export type ConnectionEvent =
  | { kind: 'ok' }
  | { kind: 'unauthorized'; problem: Problem | null }
  | { kind: 'read-only' }
  | { kind: 'unavailable'; detail: string };

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
    return request;
  },
  async onResponse({ response }) {
    if (response.status === 401) emit({ kind: 'unauthorized', problem: await problemOf(response) });
    else if (response.status === 403 && /insufficient_scope/.test(response.headers.get('www-authenticate') ?? '')) emit({ kind: 'read-only' });
    else if (response.status === 503) emit({ kind: 'unavailable', detail: (await problemOf(response))?.detail ?? 'the server is busy' });
    else emit({ kind: 'ok' });
    return response;
  },
  onError({ error }) {
    // Aborted requests are the app's own doing (a newer search replaced them), not an outage.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    emit({ kind: 'unavailable', detail: 'the connection to Moneta was lost' });
  },
};

async function problemOf(response: Response): Promise<Problem | null> {
  try {
    return (await response.clone().json()) as Problem;
  } catch {
    return null;
  }
}

/** The one API client: every path, parameter and body is typed from openapi/moneta.yaml. */
export const api = createClient<paths>({ baseUrl: location.origin });
api.use(auth);
