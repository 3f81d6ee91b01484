import { ConfigError, type ServeConfig } from '../config.js';
import { isLoopbackHost } from '../http/security/host-allowlist.js';
import type { SecurityOptions } from '../http/security/index.js';
import { isPostgresUrl } from '../config/database.js';
import type { Store } from '../store/store.js';

/**
 * With no API token the server may only listen on a loopback address: anywhere else, anyone who
 * finds the port would get the data. `--insecure-no-auth` is the explicit way out.
 */
export async function refuseUnsafeBinding(config: ServeConfig, store: Pick<Store, 'tokens'>): Promise<void> {
  if (isLoopbackHost(config.host) || config.security.insecureNoAuth) return;
  if ((await store.tokens.list()).length > 0) return;
  throw new ConfigError(
    `refusing to listen on ${config.host}: no API token exists, so anyone who can reach this address could read and change your data.\n` +
      `Create one first:   moneta tokens create <name> --db ${isPostgresUrl(config.db) ? '<the same postgres URL>' : JSON.stringify(config.db)}\n` +
      'then send it as "Authorization: Bearer <token>". Or listen on 127.0.0.1 (the default), or pass --insecure-no-auth to run without authentication anyway.',
  );
}

/** What the app enforces, given where the server listens. */
export function appSecurityOptions(config: ServeConfig): SecurityOptions {
  const loopback = isLoopbackHost(config.host);
  const { allowedHosts, corsOrigins, insecureNoAuth, limits, tokenCacheMs } = config.security;
  return {
    // Reachable from the network, Host names cannot be guessed (any LAN address or name may be
    // used); tokens protect it there. On loopback, the allowlist stops DNS rebinding.
    allowedHosts: loopback || allowedHosts.length > 0 ? allowedHosts : false,
    corsOrigins,
    // If every token is revoked while a network-facing server runs, it fails closed.
    requireToken: !loopback && !insecureNoAuth,
    tokenCacheMs,
    limits,
  };
}
