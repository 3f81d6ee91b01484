import { transactionObject, type Bank, type Category, type TransactionRecord } from '../domain/transaction.js';
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
