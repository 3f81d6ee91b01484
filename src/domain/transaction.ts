import type { SortKey } from './sort.js';

/** A transaction as the store keeps it (rows are mapped to this; nothing else leaves the store). */
export interface TransactionRecord {
  id: number;
  date: string;
  description: string;
  value: number;
  category: string | null;
  bank: string | null;
}

/** A transaction as the contract shows it: optional fields are absent, never null. */
export interface TransactionObject {
  id: number;
  date: string;
  description: string;
  value: number;
  category?: string;
  bank?: string;
}

/**
 * Properties in the order the HTTP layer's serialiser writes them (the contract's required
 * properties first: date, description, value, id), so a body written with JSON.stringify (a
 * response stored under an Idempotency-Key) reads exactly like one the serialiser wrote.
 */
export function transactionObject(record: TransactionRecord): TransactionObject {
  const body: TransactionObject = {
    date: record.date,
    description: record.description,
    value: record.value,
    id: record.id,
  };
  if (record.category !== null) body.category = record.category;
  if (record.bank !== null) body.bank = record.bank;
  return body;
}

export interface NewTransaction {
  date: string;
  description: string;
  value: number;
  category?: string | null;
  bank?: string | null;
}

/** What GET /transactions asks for, after validation. */
export interface TransactionQuery {
  /** undefined: any category; null: only uncategorised; a name: exactly that category. */
  category?: string | null;
  bank?: string;
  /** Already folded with foldForSearch. */
  descriptionContains?: string;
  sort: SortKey[];
  limit: number;
  /** Never negative: the HTTP layer maps "any negative offset" to 0. */
  offset: number;
}

export interface Bank {
  id: string;
  name: string;
  aggregatorId: string | null;
}

export interface Category {
  name: string;
  group: string | null;
}

/** Ids are int64; beyond 2^53 they travel as bigint so they never round onto another row. */
export type TransactionId = number | bigint;
