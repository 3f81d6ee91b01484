import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiTokenRecord } from '../domain/api-token.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { Store } from '../store/store.js';

const TOKEN_PREFIX = 'moneta_';
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * A token is 32 random bytes (256 bits), so it is stored as a plain SHA-256: a slow hash (scrypt,
 * argon2) protects guessable secrets such as passwords, and nobody can guess 2^256 values, while
 * a slow hash would cost every request tens of milliseconds. A key (HMAC) would only help if the
 * key lived somewhere the database does not, and Moneta has no such place.
 */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The token among `tokens` whose hash matches, comparing with every one in constant time (no
 * early exit), so response time does not reveal how much of a hash matched or which token did.
 */
export function matchToken(presented: string, tokens: readonly ApiTokenRecord[]): ApiTokenRecord | null {
  const digest = Buffer.from(hashToken(presented), 'hex');
  let found: ApiTokenRecord | null = null;
  for (const token of tokens) {
    const stored = Buffer.from(token.hash, 'hex');
    if (stored.length === digest.length && timingSafeEqual(stored, digest)) found = token;
  }
  return found;
}

/** Creating, listing and revoking tokens: what `moneta tokens` does. */
export class TokensService {
  constructor(
    private readonly store: Pick<Store, 'tokens'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The token is returned here and never again: only its hash is stored. */
  async create(name: string, options: { readOnly: boolean }): Promise<{ token: string; record: ApiTokenRecord }> {
    if (!NAME_PATTERN.test(name)) {
      throw invalidField('path', 'name', 'must be 1-64 characters among A-Z a-z 0-9 . _ - and start with a letter or digit');
    }
    const token = generateToken();
    const record: ApiTokenRecord = { name, hash: hashToken(token), readOnly: options.readOnly, createdAt: this.now().toISOString() };
    if (!(await this.store.tokens.add(record))) {
      throw new DomainError('conflict', `a token named "${name}" exists already: revoke it first or pick another name`);
    }
    return { token, record };
  }

  list(): Promise<ApiTokenRecord[]> {
    return this.store.tokens.list();
  }

  /** `presented`: the token the request carries, if any; the answer says whether it was the one revoked. */
  async revoke(name: string, presented?: string): Promise<{ byThisRequest: boolean }> {
    const record = presented === undefined ? undefined : (await this.store.tokens.list()).find((token) => token.name === name);
    if (!(await this.store.tokens.remove(name))) throw new DomainError('not_found', `no token is named "${name}"`);
    return { byThisRequest: record !== undefined && presented !== undefined && matchToken(presented, [record]) !== null };
  }
}
