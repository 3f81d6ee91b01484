/**
 * `node --import tsx bench/write-cost.ts --before <dir> --before-db <file> [--rounds 3] [--seconds 5]`
 *
 * What an index costs the writes (issue 26): `post` and `put` measured on two builds in turn,
 * alternated round by round on the same machine, so load that comes and goes falls on both.
 * `--before` is a copy of `dist/` built from the commit before the change (`cp -r dist <dir>/`
 * there, a folder inside the project so its packages resolve); `--before-db` its dataset (the
 * cached file of its schema). The current build runs on the current schema's cached dataset.
 * SQLite only. Prints each round and the after/before ratio of the mean req/s.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_OPTIONS, generateSampleData } from '../src/domain/sample-data.js';
import { projectFile } from '../src/project-root.js';
import { cachedSqliteFile, workingCopy } from './dataset.js';
import { measure, type Measured, type Scenario } from './load.js';
import { freePort, startProcess } from './processes.js';

const { values: flags } = parseArgs({
  options: {
    before: { type: 'string' },
    'before-db': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
  },
});
if (!flags.before || !flags['before-db']) throw new Error('--before <dist copy folder> and --before-db <dataset file> are required');

const ROWS = BENCH_OPTIONS.transactions;
const SECONDS = Number(flags.seconds);
const log = (line: string) => process.stderr.write(`write-cost: ${line}\n`);

function cycle<T>(items: T[]): () => T {
  let next = 0;
  return () => items[(next++) % items.length] as T;
}

const bodies: string[] = [];
for (const row of generateSampleData({ ...BENCH_OPTIONS, transactions: 5000, seed: 99 }).transactions()) {
  bodies.push(JSON.stringify({ date: row.date, description: row.description, value: row.value, ...(row.category ? { category: row.category } : {}), bank: row.bank }));
}
let state = 777;
const ids = Array.from({ length: 10_000 }, () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return `/transactions/${1 + (state % ROWS)}`;
});
const categories = ['Groceries', 'Coffee', 'Restaurants', 'Travel', 'Fuel'].map((category) => JSON.stringify({ category }));
const SCENARIOS: Scenario[] = [
  { name: 'post', method: 'POST', path: '/transactions', body: cycle(bodies), connections: 32 },
  { name: 'put', method: 'PUT', path: cycle(ids), body: cycle(categories), connections: 32 },
];

async function run(variant: 'before' | 'after', main: string, dataset: string): Promise<Measured[]> {
  const db = workingCopy(dataset, `write-cost-${variant}.db`);
  const port = await freePort();
  const server = await startProcess(process.execPath, [main, 'serve', '--db', db, '--port', String(port), '--workers', '2', '--log-level', 'warn', '--no-access-log'], port, '/transactions?limit=0', { cwd: projectFile('.'), timeoutMs: 120_000 });
  try {
    const results: Measured[] = [];
    for (const scenario of SCENARIOS) {
      await measure(server.url, scenario, 1);
      const result = await measure(server.url, scenario, SECONDS);
      log(`${variant} ${scenario.name} ${result.rps} req/s, p99 ${result.p99_ms} ms${result.failures ? `, ${result.failures} FAILED` : ''}`);
      results.push(result);
    }
    return results;
  } finally {
    await server.stop();
  }
}

const afterDataset = await cachedSqliteFile(ROWS, log);
const beforeMain = join(flags.before, 'dist/src/cli/main.js');
const afterMain = projectFile('dist/src/cli/main.js');
const totals: Record<string, number[]> = {};
for (let round = 1; round <= Number(flags.rounds); round += 1) {
  // Alternated, and the first variant swapped each round.
  const order: Array<'before' | 'after'> = round % 2 === 1 ? ['before', 'after'] : ['after', 'before'];
  for (const variant of order) {
    const results = await run(variant, variant === 'before' ? beforeMain : afterMain, variant === 'before' ? (flags['before-db'] as string) : afterDataset);
    for (const result of results) (totals[`${variant} ${result.name}`] ??= []).push(result.rps);
  }
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
for (const name of ['post', 'put']) {
  const before = totals[`before ${name}`] ?? [];
  const after = totals[`after ${name}`] ?? [];
  process.stdout.write(`${name}: before ${before.join(', ')} req/s (mean ${mean(before).toFixed(0)}); after ${after.join(', ')} (mean ${mean(after).toFixed(0)}); after/before ${(mean(after) / mean(before)).toFixed(2)}\n`);
}
