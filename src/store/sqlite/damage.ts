import { StoreDamagedError } from '../../domain/errors.js';

/** SQLite's answers for a file whose pages are not what SQLite wrote: no retry helps. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** The error every later write gets, with what an operator does about it. */
export function damagedStore(path: string, cause: unknown): StoreDamagedError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new StoreDamagedError(
    `the database file is damaged (${reason})`,
    `DATABASE DAMAGED: SQLite reports ${path} as damaged (${reason}). Writes are refused from now on so the damage ` +
      'cannot spread, and /healthz answers 503; reads that still work are served. To recover: stop the server and keep ' +
      `a copy of the damaged file; then restore the latest backup with \`moneta restore <backup> --db ${path}\`, or, ` +
      `without a backup, salvage what is readable with \`sqlite3 ${path} .recover | sqlite3 recovered.db\` and ` +
      `restore that (\`moneta restore recovered.db --db ${path}\` checks it first).`,
    { cause },
  );
}
