import type { ApiTokenRecord } from '../../domain/api-token.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toApiToken, type ApiTokenRow, type SecurityQueries } from './security-queries.js';
import type { SecurityPrograms } from './security-writes.js';

export interface TokensRepository {
  /** API tokens by name. */
  list(): Promise<ApiTokenRecord[]>;
  /** False when a token with that name exists already. */
  add(token: ApiTokenRecord): Promise<boolean>;
  /** False when there is no token with that name. */
  remove(name: string): Promise<boolean>;
}

export function tokensRepository(db: EngineAccess<{ security: SecurityQueries }, SecurityPrograms>): TokensRepository {
  const { security } = db.queries;
  return {
    async list() {
      return (await db.all<ApiTokenRow>(security.listApiTokens())).map(toApiToken);
    },
    add: (token) => db.write('addApiToken', token),
    remove: (name) => db.write('removeApiToken', name),
  };
}
