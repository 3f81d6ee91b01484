import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImportService, type ImportOptions, type ImportResult, type ReportRow } from '../../src/services/import.service.js';
import { openMigratedStore } from '../../src/store/open-store.js';
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

/** One file of a store fixture made by earlier code: imported with this bank and profile. */
export interface EarlierImport { file: string; bank: string; profile: string | null }

/**
 * A working copy of a store fixture that earlier code imported the statement fixtures into
 * (test/fixtures/import/<name>/store.sqlite and imports.json), migrated; close() deletes it.
 */
export async function copyOfEarlierStore(name: string): Promise<{ store: Store; imports: EarlierImport[]; close(): Promise<void> }> {
  const from = fileURLToPath(new URL(`../fixtures/import/${name}/`, import.meta.url));
  const dir = await mkdtemp(join(tmpdir(), `moneta-${name}-`));
  await copyFile(join(from, 'store.sqlite'), join(dir, 'store.sqlite'));
  const store = await openMigratedStore({ db: join(dir, 'store.sqlite') });
  const { imports } = JSON.parse(await readFile(join(from, 'imports.json'), 'utf8')) as { imports: EarlierImport[] };
  return {
    store,
    imports,
    close: async () => {
      await store.lifecycle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
