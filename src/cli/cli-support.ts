import type { Command } from 'commander';
import { ConfigError, OptionValueError, storeConfig, type StoreConfig, type StoreFlags } from '../config.js';
import { DomainError, StoreDamagedError } from '../domain/errors.js';
import { describeDb, StartupError } from '../server.js';
import { openMigratedStore } from '../store/open-store.js';
import { DatabaseFileError } from '../store/sqlite/open-file.js';
import { StoreAccessError, storePresence } from '../store/store-presence.js';
import type { Store } from '../store/store.js';
import { FALLBACK_CURRENCY } from '../services/accounts.service.js';
import { lastChange, noteWrittenChanges, type WrittenChanges } from '../store/changes/written-changes.js';
import { terminalSafe } from './terminal-text.js';

/** An error whose message is for the user as it is: no stack, exit code 1. */
export class CliError extends Error {}

/** An option or argument with a value it cannot have: exit code 2, like commander's own usage errors. */
export class UsageError extends CliError {}

/** A command that did its work and printed what happened, ending with an exit code of its own (nothing more is printed). */
export class ExitStatus extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/** `--currency` on the commands that may create a store (serve, demo, import, accounts add): a new store's default currency. */
export function addCurrencyOption(command: Command, description = "a NEW store's default currency (ISO 4217; default EUR); a store that exists keeps its own"): Command {
  return command.option('--currency <code>', description);
}

export function addStoreOptions(command: Command): Command {
  return command
    .option('--db <file-or-url>', 'SQLite data file or postgres:// URL (env MONETA_DB or DATABASE_URL; default ./moneta.db)')
    .option('--pool-max <n>', 'PostgreSQL: most connections this process opens (env MONETA_POOL_MAX; default 10)')
    .option('--statement-timeout <ms>', 'a read running longer gets 503 (both engines; env MONETA_STATEMENT_TIMEOUT_MS; default 5000)')
    .option('--busy-timeout <ms>', 'SQLite: wait this long for another process\'s lock (env MONETA_BUSY_TIMEOUT_MS; default 5000)')
    .option('--no-prepared-statements', 'PostgreSQL: send no named prepared statements, for a pooler in transaction mode such as PgBouncer (env MONETA_PREPARED_STATEMENTS=off)');
}

/**
 * How a command treats a store that does not exist yet. 'create': commands that add data
 * (serve, demo, import, ... add) create it and say so, with its absolute path. 'existing':
 * commands that read, remove or copy from it refuse, so a typo in --db never looks like an
 * empty store and never leaves a new file behind.
 */
export type StoreUse = 'create' | 'existing';

/**
 * Checks that the store the config names may be used this way, creating nothing for 'existing'.
 * Returns true when a creating command is about to make a new store (announce it once migrated).
 */
export async function checkStore(config: StoreConfig, use: StoreUse, role = '--db'): Promise<boolean> {
  const presence = await storePresence(config.db);
  if (presence === 'moneta' || config.db === ':memory:') return false;
  if (use === 'create') return true;
  const where = describeDb(config.db);
  throw new CliError(
    presence === 'missing'
      ? `no store at ${where} (${role}); nothing was created. Check the path, or create a store with \`moneta serve\`, \`moneta demo\` or \`moneta import\``
      : `${where} (${role}) holds no Moneta store (no ${'moneta_migrations'} table); nothing was changed. Check ${role}`,
  );
}

/** Tells the user, on stderr, where a new store was made: a typo in --db shows at once. */
export function announceNewStore(config: StoreConfig): void {
  process.stderr.write(`moneta: created a new, empty store at ${terminalSafe(describeDb(config.db))}\n`);
}

/** A store that exists keeps its default currency: says so when --currency asked for another (`moneta settings set currency` changes it). */
async function noteKeptCurrency(store: Store, config: StoreConfig): Promise<void> {
  if (config.currency === undefined) return;
  const kept = (await store.accounts.setting('currency')) ?? FALLBACK_CURRENCY;
  if (kept !== config.currency) {
    process.stderr.write(`moneta: note: this store's default currency stays ${kept}; --currency ${config.currency} only sets a new store's (change it with \`moneta settings set currency ${config.currency}\`)\n`);
  }
}

/** Checks, opens and migrates the store the config names, announcing it when new. */
export async function openCheckedStore(config: StoreConfig, use: StoreUse, role = '--db'): Promise<Store> {
  const isNew = await checkStore(config, use, role);
  const store = await openMigratedStore(config);
  if (isNew) announceNewStore(config);
  else await noteKeptCurrency(store, config);
  return store;
}

/** Opens and migrates the store named by the flags (see StoreUse), runs the work, always closes it. */
export async function withStore<T>(flags: StoreFlags, use: StoreUse, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openCheckedStore(storeConfig(flags), use);
  try {
    return await work(store);
  } finally {
    await store.lifecycle.close();
  }
}

/** Runs a write, answering its result and the change it recorded (the last, if several), as HTTP answers it in Moneta-Change. */
export async function withChange<T>(work: () => Promise<T>): Promise<{ result: T; change: number | undefined }> {
  const written: WrittenChanges = { changes: [] };
  const result = await noteWrittenChanges(written, work);
  return { result, change: lastChange(written) };
}

/** Says which change a write made and how to revert it; nothing when it made none. */
export function sayChange(change: number | undefined): void {
  if (change !== undefined) say(`change ${change}: \`moneta undo ${change}\` reverts it`);
}

/** The exit code for an error: 2 when the command line was wrong, 1 otherwise. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof ExitStatus) return error.exitCode;
  return error instanceof UsageError || error instanceof OptionValueError ? 2 : 1;
}

const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'does not exist',
  EACCES: 'is not accessible to this user',
  EPERM: 'may not be changed by this user',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'cannot be written: the disk is full',
  EISDIR: 'is a directory',
  ENOTDIR: 'has a part that is not a directory',
  EEXIST: 'exists already',
};

/** The message a user sees for an error, or null when it is a bug (then the stack is shown). */
export function userMessage(error: unknown): string | null {
  if (
    error instanceof CliError ||
    error instanceof ConfigError ||
    error instanceof DomainError ||
    error instanceof DatabaseFileError ||
    error instanceof StartupError ||
    error instanceof StoreAccessError
  ) {
    return error.message;
  }
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return `cannot reach the database: ${message}`;
  if (error instanceof StoreDamagedError || (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'))) {
    return `${error instanceof StoreDamagedError ? message : `the database file is damaged (${message})`}: restore the latest backup with \`moneta restore <backup> --db <file>\``;
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return `SQLite: ${message}`;
  if (code === '3D000' || code === '28000' || code === '28P01') return `PostgreSQL: ${message}; check the --db URL`;
  const path = (error as { path?: unknown } | null)?.path;
  if (typeof code === 'string' && typeof path === 'string' && FILE_ERRORS[code]) return `${path} ${FILE_ERRORS[code]}`;
  if (error instanceof Error && error.name === 'StoreUnavailableError') return error.message;
  return null;
}

/** Prints rows as aligned columns, with a header line; every cell is made terminal-safe first. */
export function printTable(headers: string[], rows: string[][]): void {
  const safe = rows.map((row) => row.map((cell) => terminalSafe(cell)));
  const widths = headers.map((header, column) => Math.max(header.length, ...safe.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  process.stdout.write(`${line(headers)}\n${safe.map(line).join('\n')}${safe.length > 0 ? '\n' : ''}`);
}

/** One line of human-readable output with outside text in it, made terminal-safe. */
export function say(text: string): void {
  process.stdout.write(`${terminalSafe(text)}\n`);
}
