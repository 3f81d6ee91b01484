import type { ApiTokenRecord } from '../../domain/api-token.js';
import type { BackupService } from '../../services/backup.service.js';
import type { TokensService } from '../../services/tokens.service.js';
import { bearerToken } from '../../services/token-authenticator.js';
import type { OperationHandlers, Schemas } from '../operation-types.js';

type Handlers = Pick<OperationHandlers, 'getAccess' | 'listTokens' | 'createToken' | 'revokeToken' | 'downloadBackup'>;

/** A token as listed: never its hash, never its secret. */
function presentToken(record: ApiTokenRecord): Schemas['ApiToken'] {
  return { name: record.name, readOnly: record.readOnly, createdAt: record.createdAt };
}

/**
 * API tokens and the backup download under /manage/ (see docs/security.md). `tokensChanged` makes
 * this process's authenticator read the list again, so a created or revoked token counts at once.
 */
export function tokenHandlers(tokens: TokensService, backup: BackupService, tokensChanged: () => void): Handlers {
  return {
    async getAccess(_input, reply, request) {
      // Authentication has run (this path is not an open one), so access is set.
      const access = request.access ?? { readOnly: true };
      return reply.code(200).header('cache-control', 'no-store').send(access.token === undefined ? { readOnly: access.readOnly } : { readOnly: access.readOnly, token: access.token });
    },

    async listTokens(_input, reply) {
      return reply.code(200).header('cache-control', 'no-store').send((await tokens.list()).map(presentToken));
    },

    async createToken({ body }, reply) {
      const { token, record } = await tokens.create(body.name, { readOnly: body.readOnly === true });
      tokensChanged();
      return reply.code(201).header('cache-control', 'no-store').send({ ...presentToken(record), token });
    },

    async revokeToken({ params }, reply, request) {
      const { byThisRequest } = await tokens.revoke(params.tokenName, bearerToken(request.headers.authorization));
      tokensChanged();
      return reply.code(200).send({ name: params.tokenName, byThisRequest });
    },

    async downloadBackup(_input, reply, request) {
      // Fastify answers HEAD from this route: the headers, without making a copy nobody reads.
      if (request.method === 'HEAD') {
        backup.assertPossible();
        return reply.code(200).header('content-type', 'application/vnd.sqlite3').header('content-disposition', `attachment; filename="${backup.fileName()}"`).send();
      }
      // The client going away (before or during the send) ends the download and closes its copy.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const { stream, fileName, bytes } = await backup.download(gone.signal);
      return reply
        .code(200)
        .header('content-type', 'application/vnd.sqlite3')
        .header('content-length', bytes)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  };
}
