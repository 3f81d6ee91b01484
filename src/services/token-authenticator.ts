import { DEFAULT_TOKEN_CACHE_MS } from '../config/limits.js';
import type { ApiTokenRecord } from '../domain/api-token.js';
import type { Store } from '../store/store.js';
import { matchToken } from './tokens.service.js';

export type AuthOutcome =
  /** No token exists and none is required: the interface is open, as in the seed. */
  | { kind: 'open' }
  | { kind: 'granted'; token: ApiTokenRecord }
  | { kind: 'missing' }
  | { kind: 'invalid' }
  /** The server listens beyond loopback but every token was revoked: nothing is let in. */
  | { kind: 'no-token-exists' };

export interface AuthenticatorOptions {
  /** How long the token list is reused before it is read again (0: read on every request). */
  cacheMs?: number;
  /** Refuse everything while no token exists (a server reachable from the network). */
  requireToken?: boolean;
  now?: () => number;
}

/**
 * Decides whether a request's Authorization header lets it in. The token list is cached for a
 * short time (1 s by default): a token created or revoked with the command line, by another
 * process, takes effect within that time without a restart, and a request costs no query.
 */
export class TokenAuthenticator {
  private cached: { tokens: ApiTokenRecord[]; at: number } | undefined;
  private loading: Promise<ApiTokenRecord[]> | undefined;
  private readonly cacheMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Pick<Store, 'tokens'>,
    private readonly options: AuthenticatorOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? DEFAULT_TOKEN_CACHE_MS;
    this.now = options.now ?? Date.now;
  }

  async authenticate(authorization: string | undefined): Promise<AuthOutcome> {
    const tokens = await this.tokens();
    if (tokens.length === 0) return this.options.requireToken ? { kind: 'no-token-exists' } : { kind: 'open' };
    if (authorization === undefined || authorization === '') return { kind: 'missing' };
    const presented = bearerToken(authorization);
    if (presented === undefined) return { kind: 'invalid' };
    const token = matchToken(presented, tokens);
    return token ? { kind: 'granted', token } : { kind: 'invalid' };
  }

  /** Reads the list again on the next request: a token created or revoked in this process counts at once. */
  forget(): void {
    this.cached = undefined;
  }

  private async tokens(): Promise<ApiTokenRecord[]> {
    if (this.cached && this.now() - this.cached.at < this.cacheMs) return this.cached.tokens;
    // Requests arriving while the list is being read share that one read.
    this.loading ??= this.store.tokens.list().then(
      (tokens) => {
        this.cached = { tokens, at: this.now() };
        this.loading = undefined;
        return tokens;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}

/** `Bearer <token>` (scheme case-insensitive, RFC 7235); undefined when absent or another scheme. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(authorization ?? '');
  return match?.[1];
}
