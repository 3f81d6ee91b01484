import type { Command } from 'commander';
import { ConfigError, storeConfig, type StoreFlags } from '../config.js';
import { DomainError } from '../domain/errors.js';
import { openMigratedStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';

/** An error whose message is for the user as it is: no stack, exit code 1. */
export class CliError extends Error {}

export function addStoreOptions(command: Command): Command {
  return command
    .option('--db <file-or-url>', 'SQLite data file or postgres:// URL (env MONETA_DB or DATABASE_URL; default ./moneta.db)')
    .option('--pool-max <n>', 'PostgreSQL: most connections this process opens (env MONETA_POOL_MAX; default 10)')
    .option('--statement-timeout <ms>', 'a read running longer gets 503 (both engines; env MONETA_STATEMENT_TIMEOUT_MS; default 5000)')
    .option('--busy-timeout <ms>', 'SQLite: wait this long for another process\'s lock (env MONETA_BUSY_TIMEOUT_MS; default 5000)');
}

/** Opens and migrates the store named by the flags, runs the work, always closes it. */
export async function withStore<T>(flags: StoreFlags, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openMigratedStore(storeConfig(flags));
  try {
    return await work(store);
  } finally {
    await store.lifecycle.close();
  }
}

/** The message a user sees for an error, or null when it is a bug (then the stack is shown). */
export function userMessage(error: unknown): string | null {
  if (error instanceof CliError || error instanceof ConfigError || error instanceof DomainError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED') return `cannot reach the database: ${(error as Error).message}`;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return `SQLite: ${(error as Error).message}`;
  if (error instanceof Error && error.name === 'StoreUnavailableError') return error.message;
  return null;
}

/** Prints rows as aligned columns, with a header line. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  process.stdout.write(`${line(headers)}\n${rows.map(line).join('\n')}${rows.length > 0 ? '\n' : ''}`);
}
