import type { CompiledQuery } from 'kysely';
import type { StepResult, StoreQueries, WriteProgram, WritePrograms } from '../src/store/writes.js';

/** Every lookup of the ledger's programs finds an account of EUR whose cleared balance agrees: the main path. */
const AGREES: StepResult = { rows: [{ id: 1, currency: 'EUR', opening_balance: 0, cents: 0, value: 0, n: 0 }], changes: 1 };

/** The ledger's statements (src/store/accounts/ledger-queries.ts) and programs, for the snapshots of sql-snapshots.ts. */
export function ledgerEntries(
  queries: StoreQueries,
  write: WritePrograms,
  statementsOf: (program: WriteProgram<unknown>, found: StepResult) => CompiledQuery[],
): Array<[string, CompiledQuery | CompiledQuery[]]> {
  const { ledger } = queries;
  const register = { limit: 100, offset: 0, order: 'newest' } as const;
  return [
    ['ledger: account', ledger.account(1)],
    ['ledger: register page with the parts of the balance before it, newest first', ledger.registerPage(1, register)],
    ['ledger: register page with the parts of the balance before it, oldest first, dates', ledger.registerPage(1, { ...register, order: 'oldest', from: '2024-01-01', to: '2024-12-31' })],
    ['ledger: where a deep register page starts', ledger.pageStart(1, { ...register, offset: 50_000 })],
    ['ledger: register count, dates', ledger.countInRange(1, { from: '2024-01-01', to: '2024-12-31' })],
    ['ledger: cents per day (balance history)', ledger.dailyCents(1, '2024-01-01', '2024-12-31')],
    ['ledger: odd values through a day (balance history)', ledger.oddValuesThrough(1, '2024-12-31')],
    ['ledger: cents per currency and day (net worth)', ledger.currencyDailyCents('2024-01-01', '2024-12-31')],
    ['ledger: odd values per currency (net worth)', ledger.currencyOddValuesThrough('2024-12-31')],
    ['ledger: opening balances (net worth)', ledger.openings()],
    ['ledger: uncleared count through a day', ledger.unclearedCountThrough(1, '2024-01-31')],
    ['ledger: uncleared rows through a day', ledger.unclearedThrough(1, '2024-01-31', 500)],
    ['write: completeReconciliation', statementsOf(write.completeReconciliation(1, '2024-01-31', 0), AGREES)],
    ['write: moveTransactions by filter', statementsOf(write.moveTransactions({ filter: { bank: 'monzo', from: '2024-01-01' } }, 1, false), AGREES)],
    ['write: moveTransactions out of any account', statementsOf(write.moveTransactions({ ids: [1, 2] }, null, true), AGREES)],
    ['write: setTransactionStatus', statementsOf(write.setTransactionStatus({ ids: [1, 2] }, 'cleared', false), AGREES)],
    ['write: setTransactionStatus, not cleared', statementsOf(write.setTransactionStatus({ ids: [1, 2] }, null, false), AGREES)],
  ];
}
