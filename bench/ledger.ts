/**
 * The ledger's scenarios (issue 23): one account holding every row of the dataset (the
 * benchmark's rows from one bank, which migration 0019 turns into one account), served by its own
 * `moneta serve`. Measured in the same run: the plain list page (first and deep) as the baselines,
 * the account's register (first page and a deep page, with running balances), GET /accounts and
 * a year of monthly balance history. Each p99 is compared with the issue's ceiling (50 ms on
 * SQLite, 100 ms on PostgreSQL) and with the plain list page's p99 of the same depth.
 */
import { measure, type Measured, type Scenario } from './load.js';
import { cachedSqliteFile, postgresWorkingDatabase, workingCopy } from './dataset.js';
import { freePort, startProcess } from './processes.js';

export interface LedgerRow {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  failures: number;
  /** p99 over the ceiling (50 ms SQLite, 100 ms PostgreSQL): at most 1 passes. */
  p99_to_ceiling: number;
  /** p99 over the plain list page's p99 at the same depth (null for the baselines themselves). */
  p99_to_list: number | null;
}

export interface LedgerResult {
  rows: number;
  ceiling_ms: number;
  scenarios: LedgerRow[];
}

export interface LedgerOptions {
  engine: 'sqlite' | 'postgres';
  /** PostgreSQL: the server's URL (`--db`). */
  serverUrl?: string;
  rows: number;
  seconds: number;
  workers: number;
  connections: number;
  root: string;
  log: (line: string) => void;
}

/** The account migration 0019 made for the dataset's one bank: the first. */
const ACCOUNT = 1;
/** The benchmark dataset ends on 2026-10-31 (BENCH_OPTIONS). */
const LAST_YEAR = 'from=2025-11-01&to=2026-10-31&interval=month';

export async function measureLedger(options: LedgerOptions): Promise<LedgerResult> {
  const { engine, rows, log } = options;
  const db = engine === 'postgres'
    ? await postgresWorkingDatabase(options.serverUrl as string, rows, log, 1)
    : workingCopy(await cachedSqliteFile(rows, log, 1), `run-${rows}-1bank.db`);
  const deep = Math.floor(rows / 2);
  const scenario = (name: string, path: string): Scenario => ({ name, path, connections: options.connections });
  const scenarios: Array<[Scenario, string | null]> = [
    [scenario('ledger-list', '/transactions?limit=100'), null],
    [scenario('ledger-list-deep', `/transactions?offset=${deep}&limit=100`), null],
    [scenario('ledger-register', `/accounts/${ACCOUNT}/register?limit=100`), 'ledger-list'],
    [scenario('ledger-register-deep', `/accounts/${ACCOUNT}/register?limit=100&offset=${deep}`), 'ledger-list-deep'],
    [scenario('ledger-accounts', '/accounts'), 'ledger-list'],
    [scenario('ledger-balances-year', `/accounts/${ACCOUNT}/balances?${LAST_YEAR}`), 'ledger-list'],
  ];
  const port = await freePort();
  const args = ['bin/moneta.js', 'serve', '--db', db, '--port', String(port), '--workers', String(options.workers), '--log-level', 'warn', '--no-access-log'];
  const server = await startProcess(process.execPath, args, port, '/transactions?limit=0', { cwd: options.root });
  const measured = new Map<string, Measured>();
  try {
    const check = await fetch(`${server.url}/accounts/${ACCOUNT}/register?limit=1`);
    const total = Number(check.headers.get('x-total-count'));
    if (check.status !== 200 || total !== rows) throw new Error(`account ${ACCOUNT}'s register answered ${check.status} with ${total} rows, not ${rows}`);
    for (const [each] of scenarios) {
      await measure(server.url, each, 1);
      const result = await measure(server.url, each, options.seconds);
      log(`${each.name} ${result.rps} req/s, p99 ${result.p99_ms} ms${result.failures ? `, ${result.failures} FAILED` : ''}`);
      measured.set(each.name, result);
    }
  } finally {
    await server.stop();
  }
  const ceiling = engine === 'postgres' ? 100 : 50;
  const ratio = (value: number, to: number | undefined) => (to !== undefined && to > 0 ? Math.round((value / to) * 100) / 100 : null);
  return {
    rows,
    ceiling_ms: ceiling,
    scenarios: scenarios.map(([each, baseline]) => {
      const result = measured.get(each.name) as Measured;
      return {
        name: each.name,
        rps: result.rps,
        p50_ms: result.p50_ms,
        p99_ms: result.p99_ms,
        failures: result.failures,
        p99_to_ceiling: ratio(result.p99_ms, ceiling) ?? 0,
        p99_to_list: baseline === null ? null : ratio(result.p99_ms, measured.get(baseline)?.p99_ms),
      };
    }),
  };
}

export function printLedger(result: LedgerResult): void {
  const lines = [['ledger (1 account)', 'req/s', 'p50 ms', 'p99 ms', `p99 / ${result.ceiling_ms} ms`, 'p99 / list p99']];
  for (const row of result.scenarios) {
    lines.push([row.name, row.rps.toFixed(0), row.p50_ms.toFixed(1), row.p99_ms.toFixed(1), row.p99_to_ceiling.toFixed(2), row.p99_to_list === null ? '' : row.p99_to_list.toFixed(2)]);
  }
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  for (const line of lines) process.stdout.write(`${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}\n`);
}
