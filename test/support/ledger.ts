import { sql, type Kysely } from 'kysely';
import { noteWrittenChanges, type WrittenChanges } from '../../src/store/changes/written-changes.js';
import type { Database } from '../../src/store/engine/schema.js';
import type { Store } from '../../src/store/store.js';

/**
 * The store's own query builder (SqliteStore and PostgresStore both keep it as `kysely`): how the
 * ledger's tests read rows' accounts and statuses as stored, below every repository, so what they
 * compare with never comes from the code under test.
 */
function kyselyOf(store: Store): Kysely<Database> {
  return (store as unknown as { kysely: Kysely<Database> }).kysely;
}

/** Creates a checking account (EUR unless told) and answers its id. */
export async function addAccount(store: Store, account: { name: string; currency?: string; opening?: number | null }): Promise<number> {
  const opening = account.opening ?? null;
  const created = await store.accounts.create({
    name: account.name,
    type: 'checking',
    currency: account.currency ?? 'EUR',
    bankId: null,
    iban: null,
    accountNumber: null,
    openingBalance: opening,
    openingDate: opening === null ? null : '2020-01-01',
  });
  if (created.status !== 'created') throw new Error(`account ${account.name}: ${created.status}`);
  return created.account.id;
}

export interface StoredRow {
  id: number;
  date: string;
  value: number;
  account: number | null;
  status: string | null;
}

/** Every live transaction as stored. */
export async function storedRows(store: Store): Promise<StoredRow[]> {
  const { rows } = await sql<{ id: number | string; date: string; value: number; account_id: number | string | null; status: string | null }>`
    SELECT id, date, value, account_id, status FROM transactions ORDER BY id`.execute(kyselyOf(store));
  return rows.map((row) => ({ id: Number(row.id), date: row.date, value: Number(row.value), account: row.account_id === null ? null : Number(row.account_id), status: row.status }));
}

/** Runs a write and answers its result with the change it recorded (undefined: none). */
export async function withChange<T>(write: () => Promise<T>): Promise<{ value: T; change: number | undefined }> {
  const written: WrittenChanges = { changes: [] };
  const value = await noteWrittenChanges(written, write);
  return { value, change: written.changes[written.changes.length - 1] };
}

/**
 * The exact sum of decimal values in units of 10^-9 (the tests' values have at most 9 decimals),
 * as a number: a model that shares nothing with ExactSum.
 */
export function modelSum(values: readonly number[]): number {
  let total = 0n;
  for (const value of values) total += BigInt(Math.round(value * 1e9));
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(10, '0');
  return Number(`${negative ? '-' : ''}${digits.slice(0, -9)}.${digits.slice(-9)}`);
}
