import type { ConnectionPragmas } from '../engine/connection-pragmas.js';
import type { CopiedTable } from './copied-tables.js';
import type { DerivedTable } from './derived-tables.js';

/** One row as the driver returns it, column name to value. */
export type Row = Record<string, unknown>;

/**
 * Whole-table access for copying a store: raw rows, every column, ids kept. Separate from the
 * Store interface on purpose: no request path needs it, and it bypasses the write rules
 * (ids are inserted as they are, sequences are set by hand).
 */
export interface TableAccess {
  readonly engine: 'sqlite' | 'postgres';
  /** The base tables of the store's schema. */
  tableNames(): Promise<string[]>;
  /** Runs `work` inside one read-only snapshot: every read sees the same committed state. */
  snapshot<T>(work: (reader: TableReader) => Promise<T>): Promise<T>;
  /** Runs `work` inside one write transaction: all of it is kept, or none of it. */
  rewrite<T>(work: (writer: TableWriter) => Promise<T>): Promise<T>;
  /** SQLite: what its connection runs with (a copy commits on it, so it must be durable); null on PostgreSQL. */
  connectionPragmas(): ConnectionPragmas | null;
  close(): Promise<void>;
}

export interface TableReader {
  count(table: CopiedTable): Promise<number>;
  /** Up to `limit` rows in key order, after the row whose key is `after` (from the start when undefined). */
  rowsAfter(table: CopiedTable, after: Row | undefined, limit: number): Promise<Row[]>;
  /** The highest identity value ever handed out (not only the highest still present). */
  identityHighWater(table: CopiedTable): Promise<number>;
  /** A derived table as it is stored, and as the transactions say it should be (same shape). */
  derivedRows(table: DerivedTable): Promise<{ stored: Row[]; truth: Row[] }>;
}

export interface TableWriter extends TableReader {
  deleteAll(table: CopiedTable): Promise<void>;
  insert(table: CopiedTable, rows: Row[]): Promise<void>;
  /** The next generated id will be above `atLeast` and above anything this table has handed out. */
  continueIdentityAfter(table: CopiedTable, atLeast: number): Promise<void>;
}
