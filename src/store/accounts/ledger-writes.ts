import type { CompiledQuery } from 'kysely';
import { exactDifference, type MoveOutcome, type ReconcileOutcome, type SettableStatus, type StatusOutcome } from '../../domain/accounts/ledger.js';
import { ExactSum } from '../../domain/reports/exact-sum.js';
import type { TransactionSelection } from '../../domain/transaction-filter.js';
import { changeRecorded, changes, changeToken, firstRow, undoKept, type ChangeRecording, type StepResult, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import type { CentsRow, CountRow, LedgerAccountRow, LedgerQueries, ValueRow } from './ledger-queries.js';

/** A count read as a number: SQLite gives a number, PostgreSQL a bigint's text, an empty sum NULL. */
export function countOf(row: CountRow | undefined): number {
  return Number(row?.n ?? 0);
}

/** Adds a sum of cents and values one by one to `sum`. */
export function addParts(sum: ExactSum, cents: CentsRow | undefined, values: readonly ValueRow[]): void {
  if (cents?.cents !== null && cents?.cents !== undefined) sum.addCents(typeof cents.cents === 'number' ? String(cents.cents) : cents.cents);
  for (const row of values) sum.addValue(row.value);
}

/**
 * The ledger's writes (issue 23; see ../writes.ts): completing a reconciliation, moving
 * transactions between accounts and setting their status. Each is one transaction that takes a
 * change token, stamps the rows it changes, keeps the change for undo (migration 0019's trigger
 * images each row's account and status before it) and records it in the change feed. A request
 * that would touch a reconciled row without `force` changes nothing and says how many.
 */
export function ledgerPrograms(q: { ledger: LedgerQueries; changes: ChangeRecording; undo: UndoRecording }) {
  const { ledger, changes: feed, undo } = q;

  function* clearedBalance(account: LedgerAccountRow, date: string): Generator<CompiledQuery, number, StepResult> {
    const id = Number(account.id);
    const sum = new ExactSum();
    if (account.opening_balance !== null) sum.addValue(account.opening_balance);
    const cents = yield* firstRow<CentsRow>(ledger.clearedCentsThrough(id, date));
    const odd = ((yield ledger.clearedOddValuesThrough(id, date)) as StepResult).rows as ValueRow[];
    addParts(sum, cents, odd);
    return sum.toNumber();
  }

  return {
    /** When the cleared balance on `date` is `balance`, the cleared rows up to it become reconciled. */
    *completeReconciliation(accountId: number, date: string, balance: number): WriteProgram<ReconcileOutcome> {
      const account = yield* firstRow<LedgerAccountRow>(ledger.account(accountId, true));
      if (!account) return { status: 'missing' };
      const cleared = yield* clearedBalance(account, date);
      if (exactDifference(balance, cleared) !== 0) return { status: 'differs', clearedBalance: cleared };
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      const reconciled = yield* changes(ledger.markReconciled(accountId, date, tx));
      yield ledger.noteReconciled(accountId, date, balance, tx);
      yield* changeRecorded(feed, tx);
      return { status: 'reconciled', clearedBalance: cleared, reconciled };
    },

    /** Moves the chosen rows into account `target` (null: out of any). */
    *moveTransactions(selection: TransactionSelection, target: number | null, force: boolean): WriteProgram<MoveOutcome> {
      if (target !== null) {
        const account = yield* firstRow<LedgerAccountRow>(ledger.account(target, true));
        if (!account) return { status: 'missing-account' };
        const other = countOf(yield* firstRow<CountRow>(ledger.otherCurrencyCount(selection, account.currency)));
        if (other > 0) return { status: 'currency', count: other, currency: account.currency };
      }
      if (!force) {
        const reconciled = countOf(yield* firstRow<CountRow>(ledger.reconciledLeavingCount(selection, target)));
        if (reconciled > 0) return { status: 'reconciled', count: reconciled };
      }
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      const moved = yield* changes(ledger.move(selection, target, force, tx));
      yield* changeRecorded(feed, tx);
      return { status: 'moved', moved };
    },

    /** Sets the status of the chosen rows (null: not cleared); every one must be in an account. */
    *setTransactionStatus(selection: TransactionSelection, status: SettableStatus, force: boolean): WriteProgram<StatusOutcome> {
      const outside = countOf(yield* firstRow<CountRow>(ledger.withoutAccountCount(selection)));
      if (outside > 0) return { status: 'no-account', count: outside };
      if (!force) {
        const reconciled = countOf(yield* firstRow<CountRow>(ledger.reconciledCount(selection)));
        if (reconciled > 0) return { status: 'reconciled', count: reconciled };
      }
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      const changed = yield* changes(ledger.setStatus(selection, status, force, tx));
      yield* changeRecorded(feed, tx);
      return { status: 'changed', changed };
    },
  };
}

export type LedgerPrograms = ReturnType<typeof ledgerPrograms>;
