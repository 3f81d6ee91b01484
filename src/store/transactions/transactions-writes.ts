import type { NewTransaction, TransactionId, TransactionRecord } from '../../domain/transaction.js';
import { changeRecorded, changes, changeToken, firstRow, insertedId, undoKept, type ChangeRecording, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import { createdRecord, type BankRow, type Queries, type TransactionRow } from './transactions-queries.js';

/** `unknown-bank`, `unknown-account`: what the input names does not exist (then nothing is written). */
export type CreateTransactionResult = { status: 'created'; record: TransactionRecord } | { status: 'unknown-bank' } | { status: 'unknown-account' };

/**
 * The creation itself, for programs that stamp the change themselves (an idempotency key follows
 * it in security/security-writes.ts): the bank must exist, a new category name is added.
 */
export function* insertTransaction(t: Queries, undo: UndoRecording, input: NewTransaction, tx: number): WriteProgram<CreateTransactionResult> {
  if (input.bank != null && !(yield* firstRow<BankRow>(t.findBankById(input.bank)))) return { status: 'unknown-bank' };
  if (input.account != null && !(yield* firstRow<{ id: number }>(t.findAccountById(input.account)))) return { status: 'unknown-account' };
  // Categories hold every name a transaction uses: a new name is added on first use.
  if (input.category != null) yield t.insertCategoryIfMissing(input.category, tx);
  const id = yield* insertedId(t.insertTransaction(input, tx));
  yield* undoKept(undo, tx, 'created');
  return { status: 'created', record: createdRecord({ id }, input) };
}

/**
 * The write programs of one transaction (see ../writes.ts): creating it and setting its category.
 * PostgreSQL runs both as one statement for all that arrive together
 * (postgres/one-statement-writes.ts): a change here must be made there too.
 */
export function transactionPrograms(q: { transactions: Queries; changes: ChangeRecording; undo: UndoRecording }) {
  const { transactions: t, changes: feed, undo } = q;
  return {
    *createTransaction(input: NewTransaction): WriteProgram<CreateTransactionResult> {
      const tx = yield* changeToken(feed);
      const created = yield* insertTransaction(t, undo, input, tx);
      if (created.status === 'created') yield* changeRecorded(feed, tx);
      return created;
    },

    /** `source`: how the category was chosen (CategorySource); ignored when clearing it. */
    *setTransactionCategory(id: TransactionId, category: string | null, source: string | null = null): WriteProgram<boolean> {
      // Check first, so a PUT to a missing transaction creates no category either. A split one
      // (migration 0020) has no category of its own: nothing is written (the service says why).
      const row = yield* firstRow<TransactionRow>(t.findTransactionById(id));
      if (!row || row.split != null) return false;
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      if (category !== null) yield t.insertCategoryIfMissing(category, tx);
      const updated = (yield* changes(t.updateTransactionCategory(id, category, source, tx))) > 0;
      yield* changeRecorded(feed, tx);
      return updated;
    },
  };
}

export type TransactionPrograms = ReturnType<typeof transactionPrograms>;
