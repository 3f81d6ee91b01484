import type { IdempotencyRequest, IdempotentCreation } from '../../domain/idempotency.js';
import type { NewTransaction } from '../../domain/transaction.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { MissingReferenceError } from '../transactions/transactions-repository.js';
import type { SecurityPrograms } from './security-writes.js';

export interface IdempotencyRepository {
  /**
   * TransactionsRepository.create under an Idempotency-Key: the key's record and the
   * transaction are written in one transaction, so a crash can never keep one without the other.
   * A key already taken (and not expired) creates nothing: its stored response, or 'mismatch'
   * for another body. Throws MissingReferenceError (and keeps no key) for an unknown bank.
   */
  createTransaction(input: NewTransaction, request: IdempotencyRequest): Promise<IdempotentCreation>;
  /** Forgets keys recorded before the given moment (ms since the epoch); returns how many. */
  purge(expiredBefore: number): Promise<number>;
}

export function idempotencyRepository(db: EngineAccess<unknown, SecurityPrograms>): IdempotencyRepository {
  return {
    async createTransaction(input, request) {
      const result = await db.write('createTransactionIdempotent', input, request);
      if (result.outcome === 'unknown-bank') throw new MissingReferenceError('bank', String(input.bank));
      if (result.outcome === 'unknown-account') throw new MissingReferenceError('account', String(input.account));
      return result;
    },
    purge: (expiredBefore) => db.write('purgeIdempotencyKeys', expiredBefore),
  };
}
