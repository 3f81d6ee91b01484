import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../problems.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * DNS rebinding: a web page from evil.example can make its name resolve to 127.0.0.1 and then
 * read the loopback server "same-origin". Its requests still say `Host: evil.example`, so only
 * the server's own names are accepted: localhost, 127.0.0.1 and [::1] (with the port the
 * request came in on), plus the names configured with --allowed-host (on any port).
 */
export function registerHostAllowlist(app: FastifyInstance, extraNames: readonly string[]): void {
  const loopback = new Set(LOOPBACK_NAMES);
  // Configured names match on any port: behind a reverse proxy the Host is the proxy's.
  const configured = new Set(extraNames.map((name) => name.toLowerCase()));
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    const parsed = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host);
    const name = parsed?.[1]?.toLowerCase();
    const port = parsed?.[2];
    const localPort = request.raw.socket?.localPort;
    const portMatches = port === undefined ? localPort === undefined || localPort === 80 : localPort === undefined || Number(port) === localPort;
    if (name !== undefined && ((loopback.has(name) && portMatches) || configured.has(name))) return;
    return sendProblem(
      reply,
      403,
      `the Host header "${host}" is not one of this server's names; use http://127.0.0.1:<port> or add the name with --allowed-host`,
      [{ in: 'header', name: 'host', message: 'is not an allowed host name' }],
    );
  });
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
