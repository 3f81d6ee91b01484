import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import { TokenAuthenticator } from '../../services/token-authenticator.js';
import type { Store } from '../../store/store.js';
import { registerAuthentication } from './authentication.js';
import { registerCors } from './cors.js';
import { registerCrossSiteCheck } from './cross-site.js';
import { registerHostAllowlist } from './host-allowlist.js';
import { DEFAULT_LIMITS, type LimitOptions } from '../../config/limits.js';
import { limitServerOptions, registerLimits } from './limits.js';
import type { DelaySampler } from './load-shedding.js';

export interface SecurityOptions {
  /**
   * Host header allowlist against DNS rebinding: the loopback names plus these. False: no
   * check (a server reachable from the network without configured names; tokens guard it).
   */
  allowedHosts?: readonly string[] | false;
  /** Origins allowed to call the API from a browser; none: no CORS headers at all. */
  corsOrigins?: readonly string[];
  /** How long the token list is cached (ms); a CLI change takes effect within it. */
  tokenCacheMs?: number;
  /** Refuse every request while no token exists (the server listens beyond loopback). */
  requireToken?: boolean;
  limits?: Partial<LimitOptions>;
  /** Replaces Node's event-loop delay histogram for load shedding (tests read it with app.loadShedder.update()). */
  delaySampler?: DelaySampler;
}

export function resolvedLimits(options: SecurityOptions = {}): LimitOptions {
  return { ...DEFAULT_LIMITS, ...options.limits };
}

export function securityServerOptions(options: SecurityOptions = {}): FastifyHttpOptions<Server> {
  return limitServerOptions(resolvedLimits(options));
}

/** Registered before the routes, in order: limits, CORS, Host check, cross-site check, authentication. Answers the authenticator (its cache is forgotten on token changes). */
export async function registerSecurity(
  app: FastifyInstance,
  store: Pick<Store, 'tokens'>,
  options: SecurityOptions = {},
  now?: () => number,
): Promise<TokenAuthenticator> {
  await registerLimits(app, resolvedLimits(options), options.delaySampler);
  if (options.corsOrigins && options.corsOrigins.length > 0) registerCors(app, options.corsOrigins);
  if (options.allowedHosts !== false) registerHostAllowlist(app, options.allowedHosts ?? []);
  registerCrossSiteCheck(app, options.corsOrigins ?? []);
  const authenticator = new TokenAuthenticator(store, { cacheMs: options.tokenCacheMs, requireToken: options.requireToken, now });
  registerAuthentication(app, authenticator);
  return authenticator;
}
