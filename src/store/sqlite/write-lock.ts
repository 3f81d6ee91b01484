import type BetterSqlite3 from 'better-sqlite3';

/**
 * `BEGIN IMMEDIATE` without waiting: true when this connection now holds SQLite's write lock,
 * false when another connection holds it. SQLite's own busy handler would sleep inside the
 * call, and better-sqlite3 is synchronous, so the whole event loop would stop with it (no
 * request parsed, no response sent). Callers retry on a timer instead. Other errors are thrown.
 */
export function tryBeginImmediate(db: BetterSqlite3.Database, busyTimeoutMs: number): boolean {
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  } finally {
    // Statements inside the transaction keep the normal timeout (a checkpoint may still need it).
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}
