import type { Change, ChangeCursor, ChangePage, PlacedCursor } from '../../domain/change-feed.js';
import { CHANGE_PHASES, type ChangeRow } from './change-feed-queries.js';
import { toTransactionRecord } from '../transactions/transactions-queries.js';
import { toAccountRecord } from '../accounts/account-rows.js';
import type { TransferStatus } from '../../domain/transfers/transfer.js';

/**
 * A page of the change feed from rows read with one more than `limit` (which tells whether there
 * are more); `cursor` is where it started, with the origin of the feed it was read from.
 */
export function toChangePage(rows: readonly ChangeRow[], limit: number, cursor: PlacedCursor): ChangePage {
  const listed = rows.slice(0, limit);
  const last = listed[listed.length - 1];
  const next: PlacedCursor = last ? { ...cursorOf(last), origin: cursor.origin } : cursor;
  return { changes: listed.map(toChange), next, more: rows.length > limit };
}

/** Where a row of the page is in the feed (any page row: objects or JSON). */
export function cursorOf(row: Pick<ChangeRow, 'seq' | 'phase' | 'id' | 'key'>): ChangeCursor {
  const phase = Number(row.phase);
  const integerKey =
    phase === CHANGE_PHASES.transactionPut || phase === CHANGE_PHASES.transactionDelete || phase === CHANGE_PHASES.accountPut || phase === CHANGE_PHASES.transferPut;
  return { seq: Number(row.seq), phase, key: integerKey ? Number(row.id) : String(row.key) };
}

function toChange(row: ChangeRow): Change {
  switch (Number(row.phase)) {
    case CHANGE_PHASES.categoryPut:
      return { type: 'category', op: 'put', category: { name: String(row.key), group: row.group_name } };
    case CHANGE_PHASES.bankPut:
      return { type: 'bank', op: 'put', bank: { id: String(row.key), name: String(row.name), aggregatorId: row.aggregator_id } };
    case CHANGE_PHASES.transactionPut:
      return {
        type: 'transaction',
        op: 'put',
        transaction: toTransactionRecord({
          id: Number(row.id),
          date: String(row.date),
          description: String(row.description),
          value: Number(row.value),
          category: row.category,
          bank_id: row.bank_id,
          category_source: row.category_source,
          account_id: row.account_id === null ? null : Number(row.account_id),
          status: row.status,
          split: row.split,
        }),
      };
    case CHANGE_PHASES.accountPut:
      return { type: 'account', op: 'put', account: accountOfChange(row) };
    case CHANGE_PHASES.accountDelete:
      return { type: 'account', op: 'delete', id: Number(row.key) };
    case CHANGE_PHASES.transactionDelete:
      return { type: 'transaction', op: 'delete', id: Number(row.id) };
    case CHANGE_PHASES.transferPut:
      return {
        type: 'transfer',
        op: 'put',
        transfer: { id: Number(row.id), status: row.status as TransferStatus, outflowTransactionId: Number(row.outflow_id), inflowTransactionId: Number(row.inflow_id) },
      };
    case CHANGE_PHASES.transferDelete:
      return { type: 'transfer', op: 'delete', id: Number(row.key) };
    case CHANGE_PHASES.bankDelete:
      return { type: 'bank', op: 'delete', id: String(row.key) };
    case CHANGE_PHASES.categoryDelete:
      return { type: 'category', op: 'delete', name: String(row.key) };
    default:
      throw new Error(`unknown change phase ${String(row.phase)}`);
  }
}

function accountOfChange(row: ChangeRow) {
  return toAccountRecord({
    id: Number(row.id),
    name: String(row.name),
    type: String(row.account_type),
    currency: String(row.currency),
    bank_id: row.bank_id,
    iban: row.iban,
    account_number: row.account_number,
    opening_balance: row.opening_balance === null ? null : Number(row.opening_balance),
    opening_date: row.opening_date,
    closed_on: row.closed_on,
    reconciled_on: row.reconciled_on,
    reconciled_balance: row.reconciled_balance === null ? null : Number(row.reconciled_balance),
  });
}
