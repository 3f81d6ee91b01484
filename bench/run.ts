/**
 * `npm run bench [-- --quick] [-- --db postgres://...] [-- --workers N]`
 * Builds (or reuses) the dataset, starts Moneta as users run it (the CLI, a real port, a data
 * file), a bare Fastify `ceiling` and json-server 0.17 as the peer, measures every scenario with
 * autocannon in one run, prints a table and writes bench/results/latest.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeCursor, encodeCursor, type FeedOrigin } from '../src/domain/change-feed.js';
import { BENCH_OPTIONS, generateSampleData } from '../src/domain/sample-data.js';
import { projectFile } from '../src/project-root.js';
import { measureBigPage, type BigPageResult } from './big-page.js';
import { measureBulkRecategorise, type BulkRecategoriseResult } from './bulk-recategorise.js';
import { measureExpensiveMix, type ExpensiveMixResult } from './expensive-mix.js';
import { measureLedger, printLedger, type LedgerResult } from './ledger.js';
import { cachedPeerFile, cachedSqliteFile, postgresWorkingDatabase, workingCopy, writeJson } from './dataset.js';
import { measure, type Measured, type Scenario } from './load.js';
import { freePort, startProcess, type Running } from './processes.js';
import { printTable } from './report.js';
import { AFTER_WRITE, measureAfterWrite, walkScenarios } from './walks.js';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    db: { type: 'string' },
    workers: { type: 'string' },
    seconds: { type: 'string' },
    only: { type: 'string' },
    'no-peer': { type: 'boolean', default: false },
    'access-log': { type: 'boolean', default: false },
    // Passed on to `moneta serve`, e.g. --serve-arg=--read-threads=0 to measure without read threads.
    'serve-arg': { type: 'string', multiple: true },
  },
});

const ROWS = flags.quick ? 100_000 : BENCH_OPTIONS.transactions;
const PEER_ROWS = 100_000;
const SECONDS = Number(flags.seconds ?? (flags.quick ? 3 : 10));
const WORKERS = Number(flags.workers ?? availableParallelism());
const READ_CONNECTIONS = 16;
const WRITE_CONNECTIONS = 32;
const PEER_CONNECTIONS = 4;
const engine = flags.db && /^postgres(ql)?:/i.test(flags.db) ? 'postgres' : 'sqlite';
const root = projectFile('.');
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const only = flags.only ? new Set(flags.only.split(',')) : undefined;
const wanted = (name: string) => !only || only.has(name);

function buildIfStale(): void {
  const built = projectFile('dist/src/cli/main.js');
  const newest = (dir: string): number =>
    Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
    }));
  if (existsSync(built) && statSync(built).mtimeMs > Math.max(newest(projectFile('src')), newest(projectFile('openapi')))) return;
  log('npm run build');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

function sampleBodies(count: number): string[] {
  const bodies: string[] = [];
  for (const row of generateSampleData({ ...BENCH_OPTIONS, transactions: count, seed: 99 }).transactions()) {
    bodies.push(JSON.stringify({ date: row.date, description: row.description, value: row.value, ...(row.category ? { category: row.category } : {}), bank: row.bank }));
  }
  return bodies;
}

function cycle<T>(items: T[]): () => T {
  let next = 0;
  return () => items[(next++) % items.length] as T;
}

/** Change-feed pages of 1,000 from cursors spread over the table, of the store `origin` names. */
function changePages(rows: number, origin: FeedOrigin): () => string {
  // The dataset's rows predate the feed: they carry token 0, whose entry is seq 1, and phase 3 is the transactions put.
  return cycle(ids(rows, 1_000).map((id) => `/changes?limit=1000&since=${encodeCursor({ seq: 1, phase: 3, key: id, origin })}`));
}

/** The store and epoch the server's cursors name (migration 0015): read from a first page's `next`. */
async function feedOrigin(url: string): Promise<FeedOrigin> {
  const response = await fetch(`${url}/changes?limit=1`);
  const origin = decodeCursor(((await response.json()) as { next: string }).next)?.origin;
  if (!origin) throw new Error(`GET /changes answered ${response.status} without a cursor naming its store`);
  return origin;
}

/** Ids spread over the whole table, in a fixed pseudo-random order. */
function ids(rows: number, count: number): number[] {
  const result: number[] = [];
  let state = 12345;
  for (let i = 0; i < count; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    result.push(1 + (state % rows));
  }
  return result;
}

/** The benchmark dataset ends on 2026-10-31 and spans five years (BENCH_OPTIONS). */
const FIVE_YEARS = 'from=2021-11-15&to=2026-10-20';
/** The list's filters that the report totals answer, in turn. */
const TOTALS_FILTERS = ['category=Groceries', 'bank=monzo', 'category=', 'category=Coffee&bank=ing', 'from=2023-02-14&to=2025-07-03', 'category=Groceries&from=2024-01-10'];

function monetaScenarios(rows: number, origin: FeedOrigin): Scenario[] {
  const deepOffset = Math.floor(rows / 2);
  const idPaths = ids(rows, 10_000).map((id) => `/transactions/${id}`);
  const categories = ['Groceries', 'Coffee', 'Restaurants', 'Travel', 'Fuel'];
  const putBody = cycle(categories.map((category) => JSON.stringify({ category })));
  return [
    { name: 'list', path: '/transactions?limit=100', connections: READ_CONNECTIONS },
    { name: 'list-category', path: '/transactions?category=Groceries&limit=100', connections: READ_CONNECTIONS },
    { name: 'list-bank', path: '/transactions?bank=monzo&limit=100', connections: READ_CONNECTIONS },
    { name: 'list-category-bank', path: '/transactions?category=Coffee&bank=ing&limit=100', connections: READ_CONNECTIONS },
    { name: 'search', path: '/transactions?description=tesco&limit=100', connections: READ_CONNECTIONS },
    { name: 'search-short', path: '/transactions?description=ma&limit=100', connections: READ_CONNECTIONS },
    { name: 'search-literal', path: '/transactions?description=50%25%20OFF&limit=100', connections: READ_CONNECTIONS },
    { name: 'sort-value', path: '/transactions?sort=-value&limit=100', connections: READ_CONNECTIONS },
    { name: 'deep-offset', path: `/transactions?offset=${deepOffset}&limit=100`, connections: READ_CONNECTIONS },
    { name: 'get-by-id', path: cycle(idPaths), connections: READ_CONNECTIONS },
    // Reports (issue 12) over the dataset's five years, from and to on days inside a month, so
    // both the monthly and the daily totals are read.
    { name: 'report-categories', path: `/reports/categories?period=month&${FIVE_YEARS}`, connections: READ_CONNECTIONS },
    { name: 'report-cashflow', path: `/reports/cashflow?period=month&${FIVE_YEARS}`, connections: READ_CONNECTIONS },
    { name: 'report-totals', path: '/reports/totals', connections: READ_CONNECTIONS },
    { name: 'report-totals-filtered', path: cycle(TOTALS_FILTERS.map((query) => `/reports/totals?${query}`)), connections: READ_CONNECTIONS },
    { name: 'report-totals-search', path: '/reports/totals?description=tesco', connections: READ_CONNECTIONS },
    { name: 'report-totals-values', path: '/reports/totals?minValue=-20&maxValue=-10', connections: READ_CONNECTIONS },
    { name: 'list-dates', path: '/transactions?from=2024-03-15&to=2024-09-20&limit=100', connections: READ_CONNECTIONS },
    ...walkScenarios(rows, READ_CONNECTIONS),
    { name: 'changes-page', path: changePages(rows, origin), connections: READ_CONNECTIONS },
    // The same pages for 4 clients at once: devices syncing a household's copy, rather than 16
    // clients each pulling 176 KB pages back to back, where 2 cores queue on throughput.
    { name: 'changes-page-4', path: changePages(rows, origin), connections: 4 },
    { name: 'post', method: 'POST', path: '/transactions', body: cycle(sampleBodies(5000)), connections: WRITE_CONNECTIONS },
    { name: 'put', method: 'PUT', path: cycle(idPaths), body: putBody, connections: WRITE_CONNECTIONS },
  ];
}

const PEER: Scenario[] = [
  { name: 'peer-list', path: '/transactions?_limit=100', connections: PEER_CONNECTIONS },
  { name: 'peer-category', path: '/transactions?category=Groceries&_limit=100', connections: PEER_CONNECTIONS },
  { name: 'peer-search', path: '/transactions?q=tesco&_limit=100', connections: PEER_CONNECTIONS },
];
const PEER_OF: Record<string, string> = { list: 'peer-list', 'list-category': 'peer-category', search: 'peer-search' };

/**
 * Every scenario runs 1 s unmeasured first: a fresh server's first writes grow the WAL file from
 * nothing and run cold code (measured: ~3,000 req/s in the first second of `post`, ~9,000 after),
 * which says nothing about a server that has been up for a day. The ceiling gets the same.
 */
async function measureWarm(url: string, scenario: Scenario): Promise<Measured> {
  await measure(url, scenario, 1);
  return measure(url, scenario, SECONDS);
}

async function withProcess<T>(start: () => Promise<Running>, work: (running: Running) => Promise<T>): Promise<T> {
  const running = await start();
  try {
    return await work(running);
  } finally {
    await running.stop();
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const load = loadavg().map((value) => Math.round(value * 100) / 100);
  log(`${engine}, ${ROWS.toLocaleString('en')} rows, ${WORKERS} worker(s), ${SECONDS} s per scenario, load average ${load.join(' ')}`);
  buildIfStale();
  const db = engine === 'postgres'
    ? await postgresWorkingDatabase(flags.db as string, ROWS, log)
    : workingCopy(await cachedSqliteFile(ROWS, log), `run-${ROWS}.db`);

  // The ceiling is measured before and after Moneta and averaged: the machine's load moves
  // during a run (other work shares these cores), and a ratio should not hinge on one moment.
  const ceilingPort = await freePort();
  const ceilingServer = await startProcess(process.execPath, ['--import', 'tsx', 'bench/ceiling-server.ts', String(ceilingPort), String(WORKERS)], ceilingPort, '/transactions', { cwd: root });
  const ceilingRuns: Measured[] = [];
  // On PostgreSQL a second baseline: the same, with the page and its total read from the
  // database in Moneta's one statement (see ceiling-server.ts): the least a list costs there.
  const postgresCeilingPort = engine === 'postgres' ? await freePort() : undefined;
  const postgresCeilingServer = postgresCeilingPort === undefined
    ? undefined
    : await startProcess(process.execPath, ['--import', 'tsx', 'bench/ceiling-server.ts', String(postgresCeilingPort), String(WORKERS), db], postgresCeilingPort, '/transactions', { cwd: root });
  const postgresCeilingRuns: Measured[] = [];
  const measureCeiling = async () => {
    const run = await measureWarm(ceilingServer.url, { name: 'ceiling', path: '/transactions', connections: READ_CONNECTIONS });
    log(`ceiling ${run.rps} req/s`);
    ceilingRuns.push(run);
    if (postgresCeilingServer) {
      const postgresRun = await measureWarm(postgresCeilingServer.url, { name: 'ceiling-postgres', path: '/transactions', connections: READ_CONNECTIONS });
      log(`ceiling-postgres ${postgresRun.rps} req/s`);
      postgresCeilingRuns.push(postgresRun);
    }
  };
  await measureCeiling();

  const port = await freePort();
  const serveArgs = ['bin/moneta.js', 'serve', '--db', db, '--port', String(port), '--workers', String(WORKERS), '--log-level', 'warn'];
  if (!flags['access-log']) serveArgs.push('--no-access-log');
  serveArgs.push(...(flags['serve-arg'] ?? []));
  const results: Measured[] = [];
  let bigPage: BigPageResult | undefined;
  let expensiveMix: ExpensiveMixResult | undefined;
  let bulk: BulkRecategoriseResult | undefined;
  await withProcess(
    () => startProcess(process.execPath, serveArgs, port, '/transactions?limit=0', { cwd: root }),
    async (server) => {
      const origin = await feedOrigin(server.url);
      for (const scenario of monetaScenarios(ROWS, origin)) {
        if (scenario.method && scenario.method !== 'GET') continue;
        if (!wanted(scenario.name)) continue;
        const result = await measureWarm(server.url, scenario);
        log(`${scenario.name} ${result.rps} req/s, p99 ${result.p99_ms} ms${result.failures ? `, ${result.failures} FAILED` : ''}`);
        results.push(result);
      }
      if (wanted('bigPage')) {
        // Before the write scenarios, so the page holds exactly the dataset.
        bigPage = await measureBigPage(server.url, server.child.pid as number, 1_000_000);
        if (bigPage.rows !== Math.min(bigPage.total_header, 1_000_000)) {
          throw new Error(`bigPage returned ${bigPage.rows} rows but X-Total-Count says ${bigPage.total_header}`);
        }
        log(`bigPage ${bigPage.rows} rows in ${bigPage.seconds} s, peak RSS ${bigPage.peak_rss_mb} MB, small requests max ${bigPage.small_max_ms} ms`);
      }
      // Issue 26: each asked right after a write (they write, so after bigPage too).
      for (const each of AFTER_WRITE) {
        if (!wanted(each.name) && !wanted('after-write')) continue;
        const result = await measureAfterWrite(server.url, each, ROWS, SECONDS);
        log(`${each.name} p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms of ${result.requests}${result.failures ? `, ${result.failures} FAILED` : ''}`);
        results.push(result);
      }
      for (const scenario of monetaScenarios(ROWS, origin)) {
        if (!scenario.method || scenario.method === 'GET' || !wanted(scenario.name)) continue;
        const result = await measureWarm(server.url, scenario);
        log(`${scenario.name} ${result.rps} req/s, p99 ${result.p99_ms} ms${result.failures ? `, ${result.failures} FAILED` : ''}`);
        results.push(result);
      }
      if (wanted('recategorise-100k')) {
        bulk = await measureBulkRecategorise(server.url, 4);
        log(`recategorise-100k: ${bulk.rows} rows, runs ${bulk.runs_ms.join(', ')} ms`);
      }
      if (wanted('expensive-mix')) {
        // Last: a read abandoned at the statement time limit still finishes its statement in a
        // thread that is no longer waited for, and must not fall into another scenario.
        expensiveMix = await measureExpensiveMix(server.url, ROWS, SECONDS);
        const { cheap, expensive } = expensiveMix;
        log(`expensive-mix: GET /transactions/1 p99 ${cheap.p99_ms} ms (p50 ${cheap.p50_ms} ms, ${cheap.rps} req/s, ${cheap.failures} failed); expensive pages ${expensive.completed} completed, ${expensive.refused_or_failed} refused (503) or failed`);
      }
    },
  );

  await measureCeiling();
  await ceilingServer.stop();
  await postgresCeilingServer?.stop();
  // Accounts (issue 23): a server of its own over a dataset whose rows are all in one account.
  const ledger: LedgerResult | undefined = wanted('ledger')
    ? await measureLedger({ engine, serverUrl: flags.db, rows: ROWS, seconds: SECONDS, workers: WORKERS, connections: READ_CONNECTIONS, root, log })
    : undefined;
  const meanOf = (runs: Measured[]) => {
    const mean = (pick: (run: Measured) => number) => Math.round((runs.reduce((sum, run) => sum + pick(run), 0) / runs.length) * 10) / 10;
    return { rps: mean((run) => run.rps), p50_ms: mean((run) => run.p50_ms), p99_ms: mean((run) => run.p99_ms) };
  };
  const ceiling = meanOf(ceilingRuns);
  const postgresCeiling = postgresCeilingRuns.length > 0 ? meanOf(postgresCeilingRuns) : undefined;

  const peer: Measured[] = [];
  if (!flags['no-peer'] && PEER.some((scenario) => wanted(scenario.name))) {
    const peerFile = await cachedPeerFile(PEER_ROWS);
    const peerPort = await freePort();
    await withProcess(
      () => startProcess(process.execPath, [projectFile('node_modules/json-server/lib/cli/bin.js'), '--port', String(peerPort), '--quiet', peerFile], peerPort, '/transactions?_limit=1', { cwd: root }),
      async (server) => {
        for (const scenario of PEER) {
          if (!wanted(scenario.name)) continue;
          const result = await measureWarm(server.url, scenario);
          log(`${scenario.name} ${result.rps} req/s`);
          peer.push(result);
        }
      },
    );
  }

  const ratio = (rps: number, baseline: number | undefined) => (baseline !== undefined && baseline > 0 ? Math.round((rps / baseline) * 1000) / 1000 : null);
  const withRatios = (name: string, { rps, p50_ms, p99_ms }: { rps: number; p50_ms: number; p99_ms: number }) => ({
    name,
    rps,
    p50_ms,
    p99_ms,
    ratio_to_ceiling: ratio(rps, ceiling.rps),
    ...(postgresCeiling ? { ratio_to_postgres_ceiling: ratio(rps, postgresCeiling.rps) } : {}),
  });
  const report = {
    rows: ROWS,
    engine,
    scenarios: [
      withRatios('ceiling', ceiling),
      ...(postgresCeiling ? [withRatios('ceiling-postgres', postgresCeiling)] : []),
      ...results.map((result) => withRatios(result.name, result)),
    ],
    peer: peer.map(({ name, rps, p50_ms, p99_ms }) => ({ name, rps, p50_ms, p99_ms })),
    bigPage: bigPage
      ? { rows: bigPage.rows, seconds: bigPage.seconds, peak_rss_mb: bigPage.peak_rss_mb, max_concurrent_latency_ms: bigPage.small_max_ms }
      : null,
    expensiveMix: expensiveMix ?? null,
    bulkRecategorise: bulk ?? null,
    ledger: ledger ?? null,
  };
  mkdirSync(projectFile('bench/results'), { recursive: true });
  const details = {
    date: new Date().toISOString(),
    settings: { workers: WORKERS, seconds: SECONDS, readConnections: READ_CONNECTIONS, writeConnections: WRITE_CONNECTIONS, peerConnections: PEER_CONNECTIONS, peerRows: PEER_ROWS, accessLog: flags['access-log'], loadAverageAtStart: load },
    ceilingRuns,
    postgresCeilingRuns,
    failures: Object.fromEntries([...results, ...peer].map((result) => [result.name, result.failures])),
    bigPage,
    wallSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
  // latest.json is the last run of any engine; each engine's last run is also kept beside it.
  for (const name of ['latest', `latest-${engine}`]) {
    writeJson(projectFile(`bench/results/${name}.json`), report);
    writeJson(projectFile(`bench/results/${name}-details.json`), details);
  }
  printTable(report.scenarios, report.peer, PEER_OF, report.bigPage, bigPage?.total_header);
  if (ledger) printLedger(ledger);
  if (bulk) {
    // The baseline: the same rows changed one request each, at this run's `put` rate.
    const put = results.find((result) => result.name === 'put');
    const versusPut = put && put.rps > 0 ? `, ${(bulk.rows_per_second / put.rps).toFixed(1)}x the rows/s of this run's put` : '';
    process.stdout.write(`recategorise-100k: ${bulk.rows.toLocaleString('en')} rows by filter, median ${bulk.median_ms} ms of ${bulk.runs_ms.length} runs (${bulk.rows_per_second.toLocaleString('en')} rows/s${versusPut})\n`);
  }
  log(`done in ${Math.round((Date.now() - startedAt) / 1000)} s; wrote bench/results/latest.json and latest-${engine}.json`);
}

await main();
