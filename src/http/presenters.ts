import type { Bank, Category, TransactionRecord } from '../domain/transaction.js';
import type { Schemas } from './operation-types.js';

/** Records to contract objects: optional fields are absent, never null. */
export function presentTransaction(record: TransactionRecord): Schemas['Transaction'] {
  const body: Schemas['Transaction'] = {
    id: record.id,
    date: record.date,
    description: record.description,
    value: record.value,
  };
  if (record.category !== null) body.category = record.category;
  if (record.bank !== null) body.bank = record.bank;
  return body;
}

export function presentBank(bank: Bank): Schemas['Bank'] {
  return bank.aggregatorId === null ? { id: bank.id, name: bank.name } : { id: bank.id, name: bank.name, aggregatorId: bank.aggregatorId };
}

export function presentCategory(category: Category): Schemas['Category'] {
  return category.group === null ? { name: category.name } : { name: category.name, group: { name: category.group } };
}
