import type { AccountRecord, AccountType } from '../../domain/accounts/account.js';
import type { AccountRow } from './accounts-queries.js';

/** An account's row as the domain's record. */
export function toAccountRecord(row: AccountRow): AccountRecord {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type as AccountType,
    currency: row.currency,
    bankId: row.bank_id,
    iban: row.iban,
    accountNumber: row.account_number,
    openingBalance: row.opening_balance === null ? null : Number(row.opening_balance),
    openingDate: row.opening_date,
    closedOn: row.closed_on,
    lastReconciled:
      row.reconciled_on === null || row.reconciled_balance === null ? null : { date: row.reconciled_on, balance: Number(row.reconciled_balance) },
  };
}
