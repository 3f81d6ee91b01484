import { DomainError } from '../../domain/errors.js';
import { ID_LIMIT_MESSAGE } from './sql-terms.js';

/** The error a write gets when it would take a transaction id past 2^53 − 1 (migration 0007), on either engine. */
export function isIdLimitError(error: unknown): boolean {
  const { code, message, constraint } = (error ?? {}) as { code?: unknown; message?: unknown; constraint?: unknown };
  // SQLite: the trigger's RAISE message.
  if (typeof message === 'string' && message.includes(ID_LIMIT_MESSAGE)) return true;
  // PostgreSQL: nextval past the identity's MAXVALUE, or an explicit id failing the CHECK.
  if (code === '2200H' && typeof message === 'string' && message.includes('transactions_id_seq')) return true;
  return code === '23514' && constraint === 'transactions_id_limit';
}

export function transactionIdsExhausted(): DomainError {
  return new DomainError(
    'exhausted',
    'this store has handed out its last transaction id (9007199254740991, the largest a JSON client holds exactly); nothing was written',
  );
}
