import type { Transfer, TransferCandidate, TransferSide, TransferStatus } from '../../domain/transfers/transfer.js';
import type { CandidateRow, TransferRow } from './transfers-queries.js';

type Side = 'outflow' | 'inflow';

function side(row: Omit<TransferRow, 'id' | 'status'>, which: Side): TransferSide {
  const account = row[`${which}_account`];
  return {
    transactionId: Number(row[`${which}_id`]),
    accountId: account === null ? null : Number(account),
    date: row[`${which}_date`],
    value: Number(row[`${which}_value`]),
    description: row[`${which}_description`],
  };
}

export function toTransfer(row: TransferRow): Transfer {
  return { id: Number(row.id), status: row.status as TransferStatus, outflow: side(row, 'outflow'), inflow: side(row, 'inflow') };
}

export function toCandidate(row: CandidateRow): TransferCandidate {
  return {
    outflow: { ...side(row, 'outflow'), accountName: row.outflow_account_name },
    inflow: { ...side(row, 'inflow'), accountName: row.inflow_account_name },
  };
}
