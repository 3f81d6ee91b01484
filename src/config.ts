import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { isPostgresUrl } from './config/database.js';
import { DEFAULT_READ_THREADS, DEFAULT_STREAM_LIMITS, type StreamLimitOptions } from './config/limits.js';
import { securityConfig, type SecurityConfig, type SecurityFlags } from './config/security.js';
import { isCurrency } from './domain/accounts/currencies.js';
import { DEFAULT_TRASH_RETENTION_DAYS } from './domain/trash.js';

/**
 * The one place configuration is read: command-line flags win over environment variables,
 * which win over defaults. Nothing else reads process.env.
 */
export const DEFAULT_DATA_FILE = 'moneta.db';
export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';

export interface StoreConfig {
  /** SQLite file path (absolute), ':memory:', or a postgres:// URL. */
  db: string;
  poolMax: number;
  statementTimeoutMs: number;
  busyTimeoutMs: number;
  /** PostgreSQL: named prepared statements (off behind a pooler in transaction mode, e.g. PgBouncer). */
  preparedStatements: boolean;
  /** The default currency a NEW store starts with (`--currency`); a store that exists keeps its own. */
  currency?: string;
}

export interface ServeConfig extends StoreConfig {
  /** SQLite: threads reading the pages no index bounds (per process). */
  readThreads: number;
  /** Streamed pages at once (per process) and how long one may take. */
  streams: StreamLimitOptions;
  host: string;
  port: number;
  workers: number;
  logLevel: string;
  /** human: one short line per event, for a person at a terminal; json: one JSON object per line, for a pipe or a file. */
  logFormat: LogFormat;
  accessLog: boolean;
  /** Tokens, binding, Host allowlist, CORS and resource limits (config/security.ts). */
  security: SecurityConfig;
  /** Deleted transactions stay in the trash this many days, then the server purges them. */
  trashRetentionDays: number;
  /** Before-images for undo by change are kept this many days (default: as long as the trash keeps rows). */
  undoRetentionDays: number;
}

/** Configuration that cannot be used; the message says why and what to do (exit 1). */
export class ConfigError extends Error {}

/** A flag or environment variable with a value it cannot have: the command line was wrong (exit 2). */
export class OptionValueError extends ConfigError {}

type Env = Record<string, string | undefined>;

export interface StoreFlags {
  db?: string;
  poolMax?: string;
  statementTimeout?: string;
  busyTimeout?: string;
  /** false for --no-prepared-statements (commander sets true when the flag is absent). */
  preparedStatements?: boolean;
  /** --currency, on the commands that may create a store. */
  currency?: string;
}

export interface ServeFlags extends StoreFlags, SecurityFlags {
  host?: string;
  port?: string;
  workers?: string;
  logLevel?: string;
  logFormat?: string;
  accessLog?: boolean;
  readThreads?: string;
  maxStreams?: string;
  streamTimeout?: string;
  trashRetentionDays?: string;
  undoRetentionDays?: string;
}

export function storeConfig(flags: StoreFlags, env: Env = process.env): StoreConfig {
  const db = flags.db ?? env.MONETA_DB ?? env.DATABASE_URL ?? DEFAULT_DATA_FILE;
  if (db.trim() === '') throw new OptionValueError('--db must name a SQLite file or a postgres:// URL');
  refuseUnknownScheme(db);
  return {
    db: db === ':memory:' || isPostgresUrl(db) ? db : resolve(db),
    poolMax: integer('--pool-max', flags.poolMax ?? env.MONETA_POOL_MAX, 10, 1, 1000),
    statementTimeoutMs: integer('--statement-timeout', flags.statementTimeout ?? env.MONETA_STATEMENT_TIMEOUT_MS, 5000, 100, 600_000),
    busyTimeoutMs: integer('--busy-timeout', flags.busyTimeout ?? env.MONETA_BUSY_TIMEOUT_MS, 5000, 0, 600_000),
    preparedStatements: flags.preparedStatements === false ? false : onOff('MONETA_PREPARED_STATEMENTS', env.MONETA_PREPARED_STATEMENTS, true),
    ...currencySetting(flags.currency),
  };
}

function currencySetting(code: string | undefined): { currency?: string } {
  if (code === undefined || code === '') return {};
  if (!isCurrency(code)) throw new OptionValueError(`--currency must be an ISO 4217 currency code such as EUR, GBP or USD (got "${code}")`);
  return { currency: code };
}

function onOff(name: string, text: string | undefined, fallback: boolean): boolean {
  if (text === undefined || text === '') return fallback;
  if (text !== 'on' && text !== 'off') throw new OptionValueError(`${name} must be "on" or "off" (got "${text}")`);
  return text === 'on';
}

export type LogFormat = 'human' | 'json';

/** --log-format, else MONETA_LOG_FORMAT, else human at a terminal and JSON into a pipe or a file. */
function logFormatOf(flags: ServeFlags, env: Env, stdoutIsTerminal: boolean): LogFormat {
  const text = flags.logFormat ?? env.MONETA_LOG_FORMAT;
  if (text === undefined || text === '') return stdoutIsTerminal ? 'human' : 'json';
  if (text !== 'human' && text !== 'json') throw new OptionValueError(`--log-format must be "human" or "json" (got "${text}")`);
  return text;
}

export function serveConfig(flags: ServeFlags, env: Env = process.env, stdoutIsTerminal = process.stdout.isTTY === true): ServeConfig {
  const store = storeConfig(flags, env);
  const defaultWorkers = store.db === ':memory:' ? 1 : availableParallelism();
  const workers = integer('--workers', flags.workers ?? env.MONETA_WORKERS, defaultWorkers, 1, 64);
  if (store.db === ':memory:' && workers > 1) {
    throw new OptionValueError('--workers must be 1 with an in-memory database: each process would have its own');
  }
  const logLevel = flags.logLevel ?? env.MONETA_LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new OptionValueError(`--log-level must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }
  const trashRetentionDays = integer('--trash-retention-days', flags.trashRetentionDays ?? env.MONETA_TRASH_RETENTION_DAYS, DEFAULT_TRASH_RETENTION_DAYS, 1, 36_500);
  return {
    ...store,
    host: flags.host ?? env.MONETA_HOST ?? DEFAULT_HOST,
    port: integer('--port', flags.port ?? env.MONETA_PORT ?? env.PORT, DEFAULT_PORT, 0, 65535),
    workers,
    readThreads: integer('--read-threads', flags.readThreads ?? env.MONETA_READ_THREADS, DEFAULT_READ_THREADS, 0, 64),
    streams: {
      maxStreams: integer('--max-streams', flags.maxStreams ?? env.MONETA_MAX_STREAMS, DEFAULT_STREAM_LIMITS.maxStreams, 1, 1000),
      streamTimeoutMs: integer('--stream-timeout', flags.streamTimeout ?? env.MONETA_STREAM_TIMEOUT_MS, DEFAULT_STREAM_LIMITS.streamTimeoutMs, 100, 86_400_000),
    },
    logLevel,
    logFormat: logFormatOf(flags, env, stdoutIsTerminal),
    accessLog: flags.accessLog ?? env.MONETA_ACCESS_LOG !== 'off',
    security: securityConfig(flags, env, integer, (message) => new OptionValueError(message)),
    trashRetentionDays,
    undoRetentionDays: integer('--undo-retention-days', flags.undoRetentionDays ?? env.MONETA_UNDO_RETENTION_DAYS, trashRetentionDays, 1, 36_500),
  };
}

function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text)) throw new OptionValueError(`${name} must be a whole number (got "${text}")`);
  const value = Number(text);
  if (value < min || value > max) throw new OptionValueError(`${name} must be between ${min} and ${max} (got ${value})`);
  return value;
}

/**
 * A --db that looks like a URL but is not PostgreSQL's is a mistake, never a file name: without
 * this, `mysql://x` became a SQLite file named `mysql:` in a new directory. One-letter schemes
 * are left alone (Windows drive letters); `./name:with-colon.db` still names a file.
 */
function refuseUnknownScheme(db: string): void {
  if (db === ':memory:' || isPostgresUrl(db)) return;
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(db)?.[1];
  if (scheme === undefined) return;
  const hint = /^postgres(ql)?$/i.test(scheme)
    ? '; a PostgreSQL URL starts with postgres://'
    : db.startsWith(`${scheme}://`)
      ? ''
      : `; write ./${db} for a file of that name`;
  throw new OptionValueError(
    `--db "${db}": unknown scheme "${scheme}:"; Moneta takes a SQLite file path or a postgres:// URL${hint}`,
  );
}
