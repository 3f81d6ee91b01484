import { resolve } from 'node:path';
import type { Command } from 'commander';
import { storeConfig, type StoreFlags } from '../config.js';
import { isPostgresUrl } from '../config/database.js';
import { backupDatabase, BackupError, restoreDatabase } from '../store/sqlite/backup.js';
import { addStoreOptions, CliError } from './cli-support.js';

function sqliteFile(flags: StoreFlags, verb: string): string {
  const { db } = storeConfig(flags);
  if (isPostgresUrl(db)) throw new CliError(`${verb} works on SQLite files; for PostgreSQL use pg_dump and pg_restore`);
  if (db === ':memory:') throw new CliError(`an in-memory database has nothing to ${verb}`);
  return db;
}

async function asCliError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
}

export function registerBackupCommands(program: Command): void {
  addStoreOptions(
    program
      .command('backup <file>')
      .description('Copy the SQLite database to <file> while the server keeps running (consistent, mode 0600)'),
  )
    .addHelpText('after', '\nExample:\n  moneta backup ~/backups/moneta-$(date +%F).db --db ./moneta.db')
    .action(async (file: string, flags: StoreFlags) => {
      const source = sqliteFile(flags, 'backup');
      const destination = resolve(file);
      const { pages } = await asCliError(() => backupDatabase(source, destination));
      process.stdout.write(`backed up ${source} to ${destination} (${pages} pages, integrity checked)\n`);
    });

  addStoreOptions(
    program
      .command('restore <file>')
      .description('Replace the SQLite database by a backup, after checking it; the server must be stopped'),
  )
    .addHelpText('after', '\nThe replaced database is kept beside it as <db>.before-restore-<time>.\n\nExample:\n  moneta restore ~/backups/moneta-2024-06-01.db --db ./moneta.db')
    .action(async (file: string, flags: StoreFlags) => {
      const target = sqliteFile(flags, 'restore');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const { previous, migrations } = await asCliError(() => restoreDatabase(resolve(file), target, stamp));
      process.stdout.write(
        `restored ${target} from ${resolve(file)} (integrity ok; schema ${migrations.at(-1)})` +
          `${previous ? `; the replaced database is kept as ${previous}` : ''}\n`,
      );
    });
}
