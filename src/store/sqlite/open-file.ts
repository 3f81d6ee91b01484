import { accessSync, closeSync, constants, existsSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** A data file Moneta cannot use as it is; the message names the file, the reason and the fix. Nothing was changed. */
export class DatabaseFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseFileError';
  }
}

/**
 * Checks the data file before SQLite opens it, and creates a missing one with mode 0600 (SQLite
 * then creates its -wal and -shm files with the same mode, so all three stay private).
 *
 * Never changes an existing file's mode and never creates a directory: a file made read-only
 * (0400) is refused rather than made writable again, a file or directory Moneta cannot write
 * (another user's, a read-only file system) is refused with one line instead of a chmod error
 * or a half-open store. Which commands may create a missing file is decided above this layer.
 */
export function preparePrivateDatabaseFile(path: string): void {
  const directory = dirname(path);
  if (!existsSync(path)) {
    if (!existsSync(directory)) {
      throw new DatabaseFileError(`the directory ${directory} does not exist (Moneta never creates directories): create it, or check --db`);
    }
    try {
      closeSync(openSync(path, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unusable(path, directory, error);
    }
    return;
  }
  const stat = statSync(path);
  if (!stat.isFile()) throw new DatabaseFileError(`${path} is not a file: --db names a SQLite data file`);
  // Root may write a 0400 file anyway; the mode says its owner wants it left alone.
  if ((stat.mode & 0o200) === 0) {
    throw new DatabaseFileError(
      `${path} is read-only (mode ${mode(stat.mode)}); Moneta never changes a file's mode: ` +
        `make it writable (chmod u+w ${path}) to use it, or work on a copy`,
    );
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`, directory]) {
    if (file !== directory && !existsSync(file)) continue;
    try {
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw unusable(path, file, error);
    }
  }
}

function unusable(path: string, file: string, error: unknown): DatabaseFileError {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  const why =
    code === 'EROFS'
      ? 'it is on a read-only file system'
      : code === 'EACCES' || code === 'EPERM'
        ? `this user (uid ${process.getuid?.() ?? '?'}) may not write it (${describeOwner(file)})`
        : (error as Error).message;
  const role = file === path ? 'the data file' : file === dirname(path) ? 'its directory (SQLite creates the -wal and -shm files there)' : 'its write-ahead log';
  return new DatabaseFileError(
    `cannot use ${path}: ${role}${file === path ? '' : ` ${file}`} cannot be written, ${why}. ` +
      'Run Moneta as the owner, fix the permissions, or copy the file somewhere writable; nothing was changed',
  );
}

function describeOwner(file: string): string {
  try {
    const stat = statSync(file);
    return `owner uid ${stat.uid}, mode ${mode(stat.mode)}`;
  } catch {
    return 'not readable';
  }
}

function mode(bits: number): string {
  return `0${(bits & 0o777).toString(8)}`;
}
