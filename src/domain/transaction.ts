import type { SortKey } from './sort.js';
import type { TransactionFilter } from './transaction-filter.js';

/** A transaction as the store keeps it (rows are mapped to this; nothing else leaves the store). */
export interface TransactionRecord {
  id: number;
  date: string;
  description: string;
  value: number;
  category: string | null;
  bank: string | null;
  /** How the category was set (CategorySource, domain/category-source.ts); null when unknown or uncategorised. */
  categorySource: string | null;
  /** The account it is in (issue 23), or null. */
  account: number | null;
  /** pending | cleared | reconciled (TransactionStatus); null: not cleared. */
  status: TransactionStatus | null;
  /** True while it is divided into lines (issue 24; its lines carry the categories); else null. */
  split: true | null;
}

/** Whether the bank has confirmed a transaction (issue 23): absent (null) means not cleared. */
export type TransactionStatus = 'pending' | 'cleared' | 'reconciled';

/** A transaction as the contract shows it: optional fields are absent, never null. */
export interface TransactionObject {
  id: number;
  date: string;
  description: string;
  value: number;
  category?: string;
  bank?: string;
  categorySource?: string;
  account?: number;
  status?: TransactionStatus;
  split?: true;
}

/** One property of the contract's Transaction. */
export interface TransactionField {
  /** The property name; TransactionRecord uses the contract's names. */
  key: keyof TransactionRecord & keyof TransactionObject;
  type: 'integer' | 'double' | 'string' | 'boolean';
  /** Left out when null: optional properties are absent, never null. */
  optional: boolean;
}

/**
 * The Transaction's JSON shape, defined once: its properties in the order the HTTP layer's
 * serialiser writes them (fast-json-stringify puts the contract's required properties first,
 * then the others, each group in the contract's order; so id follows value). transactionObject
 * builds objects from it and the SQLite store its JSON SQL (store/sqlite/json-page.ts); tests
 * compare it with the contract and the serialiser, so a property the contract adds fails loudly.
 */
export const TRANSACTION_FIELDS: readonly TransactionField[] = [
  { key: 'date', type: 'string', optional: false },
  { key: 'description', type: 'string', optional: false },
  { key: 'value', type: 'double', optional: false },
  { key: 'id', type: 'integer', optional: false },
  { key: 'category', type: 'string', optional: true },
  { key: 'bank', type: 'string', optional: true },
  { key: 'categorySource', type: 'string', optional: true },
  { key: 'account', type: 'integer', optional: true },
  { key: 'status', type: 'string', optional: true },
  { key: 'split', type: 'boolean', optional: true },
];

/**
 * The contract's object for a record, properties in TRANSACTION_FIELDS order, so a body written
 * with JSON.stringify (a response stored under an Idempotency-Key, a PostgreSQL page) reads
 * exactly like one the serialiser wrote.
 */
export function transactionObject(record: TransactionRecord): TransactionObject {
  const body: Record<string, unknown> = {};
  for (const { key } of TRANSACTION_FIELDS) {
    const value = record[key];
    if (value !== null) body[key] = value;
  }
  // Every required key is in TRANSACTION_FIELDS, and none of its values is null.
  return body as unknown as TransactionObject;
}

export interface NewTransaction {
  date: string;
  description: string;
  value: number;
  category?: string | null;
  bank?: string | null;
  /** Provenance of `category` (see CategorySource); null or absent when there is none. */
  categorySource?: string | null;
  /** The account (issue 23); its bank is the transaction's. */
  account?: number | null;
  status?: TransactionStatus | null;
}

/** What GET /transactions asks for, after validation: its filters, order and page. */
export interface TransactionQuery extends TransactionFilter {
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
