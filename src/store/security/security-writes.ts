import type { ApiTokenRecord } from '../../domain/api-token.js';
import { createdTransactionResponse, replayOf, type IdempotencyKeyRow, type IdempotencyRequest, type IdempotentCreation } from '../../domain/idempotency.js';
import type { NewTransaction } from '../../domain/transaction.js';
import { changeRecorded, changes, changeToken, firstRow, type ChangeRecording, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import type { Queries } from '../transactions/transactions-queries.js';
import { insertTransaction } from '../transactions/transactions-writes.js';
import type { SecurityQueries } from './security-queries.js';

export type IdempotentCreationResult = IdempotentCreation | { outcome: 'unknown-bank' } | { outcome: 'unknown-account' };

/** The write programs of API tokens and idempotency keys (see ../writes.ts). */
export function securityPrograms(q: { transactions: Queries; security: SecurityQueries; changes: ChangeRecording; undo: UndoRecording }) {
  const { transactions: t, security, changes: feed, undo } = q;
  return {
    *createTransactionIdempotent(input: NewTransaction, request: IdempotencyRequest): WriteProgram<IdempotentCreationResult> {
      yield security.deleteExpiredKey(request.key, request.expiredBefore);
      // On PostgreSQL a concurrent request with the same key waits on this insert until the first commits.
      if (!(yield* firstRow<{ key: string }>(security.claimKey(request.key, request.fingerprint, request.now)))) {
        return replayOf(yield* firstRow<IdempotencyKeyRow>(security.findKey(request.key)), request.fingerprint);
      }
      const tx = yield* changeToken(feed);
      const created = yield* insertTransaction(t, undo, input, tx);
      if (created.status !== 'created') {
        // Nothing was created, so the key is not kept either: a corrected retry may use it.
        yield security.releaseKey(request.key);
        return { outcome: created.status };
      }
      const response = createdTransactionResponse(created.record);
      yield security.completeKey(request.key, created.record.id, response);
      yield* changeRecorded(feed, tx);
      return { outcome: 'created', response };
    },

    *purgeIdempotencyKeys(expiredBefore: number): WriteProgram<number> {
      return yield* changes(security.deleteExpiredKeys(expiredBefore));
    },

    *addApiToken(token: ApiTokenRecord): WriteProgram<boolean> {
      return (yield* changes(security.insertApiToken(token))) > 0;
    },

    *removeApiToken(name: string): WriteProgram<boolean> {
      return (yield* changes(security.deleteApiToken(name))) > 0;
    },
  };
}

export type SecurityPrograms = ReturnType<typeof securityPrograms>;
