import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes sure the database file exists with mode 0600 before SQLite opens it. SQLite creates
 * the -wal and -shm files with the permissions of the main file, so all three stay private.
 * Files left wider by an older version are tightened.
 */
export function preparePrivateDatabaseFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
