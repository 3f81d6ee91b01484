import { existsSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '../config/database.js';
import { preparePrivateDatabaseFile } from './sqlite/open-file.js';

/**
 * What the --db setting names before anything is opened for writing:
 * 'missing' (no SQLite file), 'empty' (a file or PostgreSQL database without Moneta's tables),
 * or 'moneta' (a store Moneta has migrated). Commands that only read refuse anything but
 * 'moneta', so a typo in --db never turns into a new, empty store.
 */
export type StorePresence = 'missing' | 'empty' | 'moneta';

const MIGRATIONS_TABLE = 'moneta_migrations';

/** A store that cannot be reached or used as named; the message says how to fix it. */
export class StoreAccessError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreAccessError';
  }
}

export async function storePresence(db: string): Promise<StorePresence> {
  if (db === ':memory:') return 'empty';
  if (isPostgresUrl(db)) return postgresPresence(db);
  if (!existsSync(db)) return 'missing';
  // Mode, owner and file-system checks first: a read-only open below must not be the first to fail.
  preparePrivateDatabaseFile(db);
  if (statSync(db).size === 0) return 'empty';
  let connection: Database.Database;
  try {
    connection = new Database(db, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new StoreAccessError(`${db} cannot be opened as a SQLite database (${(error as Error).message})`, { cause: error });
  }
  try {
    const found = connection.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
    return found ? 'moneta' : 'empty';
  } catch (error) {
    throw new StoreAccessError(`${db} is not a usable SQLite database (${(error as Error).message})`, { cause: error });
  } finally {
    connection.close();
  }
}

async function postgresPresence(url: string): Promise<StorePresence> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw postgresConnectError(url, error);
  }
  try {
    const { rows } = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [MIGRATIONS_TABLE]);
    return rows[0]?.present ? 'moneta' : 'empty';
  } finally {
    await client.end().catch(() => {});
  }
}

/** node-postgres errors on connecting, turned into what to do about them. */
export function postgresConnectError(url: string, error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return new StoreAccessError(`the PostgreSQL URL cannot be parsed: write it as postgres://user@host:port/database`, { cause: error });
  }
  const host = `${parsed.hostname || 'localhost'}${parsed.port ? `:${parsed.port}` : ''}`;
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'the default database';
  const user = decodeURIComponent(parsed.username) || 'the default user';
  const message = (error as Error).message;
  if (code === '3D000') {
    return new StoreAccessError(
      `PostgreSQL at ${host} has no database "${database}": create it (e.g. \`createdb -h ${parsed.hostname || 'localhost'} -U <admin> -O ${user} ${database}\`), or check the URL`,
      { cause: error },
    );
  }
  if (code === '28000' && /role .* does not exist/i.test(message)) {
    return new StoreAccessError(
      `PostgreSQL at ${host} has no role "${user}": create it (e.g. \`createuser -h ${parsed.hostname || 'localhost'} -U <admin> ${user}\`), or check the URL's user name`,
      { cause: error },
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StoreAccessError(`PostgreSQL at ${host} refused user "${user}": ${message}; check the URL's user name and password`, { cause: error });
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT' || /timeout/i.test(message)) {
    return new StoreAccessError(`cannot reach PostgreSQL at ${host} (${message}): is the server running, and is the host and port right?`, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Removes a SQLite store file this process created and never served (a start that failed, on a
 * port in use for example), with its journal files: a failed start leaves nothing behind. Never
 * called for a store that existed before, nor for PostgreSQL.
 */
export function removeUnservedStoreFile(db: string): void {
  if (db === ':memory:' || isPostgresUrl(db)) return;
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${db}${suffix}`, { force: true });
}
