import { accountRecordObject, type AccountRecord } from '../domain/accounts/account.js';
import { transactionObject, type Bank, type Category, type TransactionRecord } from '../domain/transaction.js';
import type { Change } from '../domain/change-feed.js';
import type { DeletedTransaction } from '../domain/trash.js';
import type { ImportDetail, ImportSummary } from '../domain/import-history.js';
import type { Schemas } from './operation-types.js';

/**
 * Records to contract objects: optional fields are absent, never null. The mapping lives in the
 * domain (stored idempotent responses use it too); typed here against the contract, so a field
 * the contract adds or changes fails to compile.
 */
export const presentTransaction: (record: TransactionRecord) => Schemas['Transaction'] = transactionObject;

export function presentBank(bank: Bank): Schemas['Bank'] {
  return bank.aggregatorId === null ? { id: bank.id, name: bank.name } : { id: bank.id, name: bank.name, aggregatorId: bank.aggregatorId };
}

export function presentCategory(category: Category): Schemas['Category'] {
  return category.group === null ? { name: category.name } : { name: category.name, group: { name: category.group } };
}

export function presentDeleted(deleted: DeletedTransaction): Schemas['DeletedTransaction'] {
  const by = deleted.deletedBy;
  const deletedBy: Schemas['DeletedTransaction']['deletedBy'] =
    by.reason === 'import' ? { reason: 'import', importId: by.importId } : by.reason === 'bank' ? { reason: 'bank', bankId: by.bankId } : { reason: 'request' };
  return { transaction: presentTransaction(deleted.transaction), deletedAt: new Date(deleted.deletedAt).toISOString(), deletedBy };
}

export function presentChange(change: Change): Schemas['Change'] {
  switch (change.type) {
    case 'transaction':
      return change.op === 'put' ? { type: 'transaction', op: 'put', transaction: presentTransaction(change.transaction) } : change;
    case 'bank':
      return change.op === 'put' ? { type: 'bank', op: 'put', bank: presentBank(change.bank) } : change;
    case 'category':
      return change.op === 'put' ? { type: 'category', op: 'put', category: presentCategory(change.category) } : change;
    case 'account':
      return change.op === 'put' ? { type: 'account', op: 'put', account: presentAccountRecord(change.account) } : change;
    case 'transfer':
      return change;
  }
}

/** An account as stored (the change feed's AccountRecord). */
export const presentAccountRecord = accountRecordObject as (account: AccountRecord) => Schemas['AccountRecord'];

export function presentImportSummary(summary: ImportSummary): Schemas['ImportSummary'] {
  const { id, fileName, bank, profile, importedAt, added, duplicates, conflicts, invalid, skipped, rowsInList } = summary;
  return {
    id,
    fileName,
    format: summary.format as Schemas['ImportSummary']['format'],
    bank,
    ...(profile === null ? {} : { profile }),
    importedAt: new Date(importedAt).toISOString(),
    added,
    duplicates,
    conflicts,
    invalid,
    skipped,
    rowsInList,
    ...(summary.change === undefined ? {} : { change: summary.change }),
  };
}

export function presentImportDetail(detail: ImportDetail): Omit<Schemas['ImportDetail'], 'rows'> {
  return { import: presentImportSummary(detail), inList: detail.inList, inTrash: detail.inTrash };
}
