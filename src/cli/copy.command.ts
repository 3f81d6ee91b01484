import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { storeConfig, type StoreConfig } from '../config.js';
import { copyStore, type CopyProgress } from '../store/copy/copy-store.js';
import { openTableAccess } from '../store/open-table-access.js';
import type { TableAccess } from '../store/copy/table-access.js';
import { CliError, openCheckedStore, printTable, UsageError } from './cli-support.js';

interface CopyFlags {
  from: string;
  to: string;
  force?: boolean;
  allowEmptySource?: boolean;
  batchSize: string;
  statementTimeout: string;
  busyTimeout?: string;
}

export function registerCopyCommand(program: Command): void {
  program
    .command('copy')
    .description('Copy every table (ids kept) from one store to another, e.g. a SQLite file into PostgreSQL, then verify')
    .requiredOption('--from <file-or-url>', 'source: an existing store, SQLite data file or postgres:// URL (migrated first, then only read)')
    .requiredOption('--to <file-or-url>', 'target: SQLite data file or postgres:// URL (created and migrated when new)')
    .option('--force', 'replace the contents of a target that is not empty (in the same transaction as the copy)')
    .option('--allow-empty-source', 'with --force: go ahead even when the source has no rows (the target ends up empty)')
    .option('--batch-size <rows>', 'rows per read and write round trip', '1000')
    .option('--statement-timeout <ms>', 'PostgreSQL: cancel a statement running longer', '60000')
    .option('--busy-timeout <ms>', "SQLite: wait this long for another process's lock (default 5000)")
    .addHelpText(
      'after',
      '\nThe source must be an existing store. The target must be empty unless --force, and --force refuses a' +
        '\nsource without rows unless --allow-empty-source. The source is read in one snapshot, so a server may keep' +
        '\nrunning on it; writes made after the copy starts are not copied.' +
        '\n\nExample (move a SQLite file to PostgreSQL):\n  moneta copy --from ./moneta.db --to postgres://moneta@localhost/moneta',
    )
    .action(async (flags: CopyFlags) => {
      const batchSize = Number(flags.batchSize);
      if (!/^\d+$/.test(flags.batchSize) || batchSize < 1 || batchSize > 100_000) {
        throw new UsageError(`--batch-size must be a whole number between 1 and 100000 (got "${flags.batchSize}")`);
      }
      const from = storeConfig({ db: flags.from, statementTimeout: flags.statementTimeout, busyTimeout: flags.busyTimeout });
      const to = storeConfig({ db: flags.to, statementTimeout: flags.statementTimeout, busyTimeout: flags.busyTimeout });
      if (from.db === ':memory:' || to.db === ':memory:') throw new UsageError('copy needs two persistent stores; :memory: vanishes when the command ends');
      if (from.db === to.db) throw new UsageError('--from and --to name the same store');

      // The source must exist: a mistyped --from is never read as an empty store. Checked before
      // the target is touched, so a refused copy creates nothing. Then both schemas at this
      // version's latest, so every table has the same columns on both sides.
      await migrate(from, 'existing', '--from');
      await migrate(to, 'create', '--to');
      const source = openTableAccess(from);
      const target = openTableAccess(to);
      try {
        const report = await copyStore(source, target, {
          force: flags.force ?? false,
          allowEmptySource: flags.allowEmptySource ?? false,
          batchSize,
          progress: progressBar(),
        });
        printTable(
          ['table', 'source rows', 'target rows', 'sha-256 (source)', 'match'],
          report.tables.map((table) => [
            table.table,
            String(table.sourceRows),
            String(table.targetRows),
            table.sourceChecksum.slice(0, 16),
            table.matches ? 'yes' : `NO (target ${table.targetChecksum.slice(0, 16)})`,
          ]),
        );
        if (report.tables.some((table) => !table.matches)) throw new CliError('verification failed: the target differs from the source (see the table above)');
        const wrong = report.derived.filter((table) => !table.matches);
        if (wrong.length > 0) {
          const where = wrong.map((table) => `${table.table} (first differing key ${table.firstDifference ?? '?'})`).join(', ');
          throw new CliError(`verification failed: the target's ${where} disagree with its copied transactions`);
        }
        const rows = report.tables.reduce((sum, table) => sum + table.targetRows, 0);
        process.stdout.write(`verified: ${rows} rows in ${report.tables.length} tables copied; counts and checksums match\n`);
        const derived = report.derived.map((table) => `${table.table} (${table.groups} keys)`).join(', ');
        process.stdout.write(`verified: ${derived} agree with the copied transactions\n`);
      } finally {
        await closeBoth(source, target);
      }
    });
}

async function migrate(config: StoreConfig, use: 'create' | 'existing', role: string): Promise<void> {
  const store = await openCheckedStore(config, use, role);
  await store.lifecycle.close();
}

async function closeBoth(a: TableAccess, b: TableAccess): Promise<void> {
  await Promise.allSettled([a.close(), b.close()]);
}

/** A bar on stderr when it is a terminal; nothing when piped or redirected. */
function progressBar(): CopyProgress | undefined {
  if (!process.stderr.isTTY) return undefined;
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'copying {table} [{bar}] {percentage}% | {value}/{total} rows | {eta}s left', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0, { table: '' }),
    advance: (rows, table) => bar.increment(rows, { table }),
    stop: () => bar.stop(),
  };
}
