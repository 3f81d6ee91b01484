import { fileURLToPath } from 'node:url';
import { ImportService, type ImportOptions, type ImportResult, type ReportRow } from '../../src/services/import.service.js';
import type { Store } from '../../src/store/store.js';

export function importFixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url));
}

export function statementFixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/statements/${name}`, import.meta.url));
}

/** Imports and reads the whole report (then deletes its spool). */
export async function runImport(
  store: Store,
  path: string,
  options: Partial<ImportOptions> = {},
): Promise<{ result: ImportResult; rows: ReportRow[] }> {
  const result = await new ImportService(store).importFile(path, { bank: 'ing', ...options });
  const rows: ReportRow[] = [];
  try {
    for await (const row of result.rows()) rows.push(row);
  } finally {
    await result.dispose();
  }
  return { result, rows };
}

export async function storeWithBank(freshStore: () => Promise<Store>, bank = 'ing'): Promise<Store> {
  const store = await freshStore();
  await store.catalogue.addBank({ id: bank, name: 'ING', aggregatorId: null });
  return store;
}

export async function allTransactions(store: Store) {
  return (await store.transactions.list({ sort: [], limit: 10_000, offset: 0 })).rows;
}
