/**
 * Writes the import benchmark's CSV: the benchmark's 1,000,000 transactions (BENCH_OPTIONS) as a
 * `Date,Description,Amount` export, in date order, no bank ids (every row is fingerprinted).
 * Cached under bench/.data/; prints its path. Time the import itself with the built command, e.g.
 *   node --import tsx bench/import-csv.ts [rows]
 *   /usr/bin/time -v node dist/src/cli/main.js import <path> --bank b --db /tmp/import.db
 * (see docs/performance.md, Import speed).
 */
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { BENCH_OPTIONS, generateSampleData } from '../src/domain/sample-data.js';
import { DATA_DIR } from './dataset.js';

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function cachedImportCsv(rows: number): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const path = join(DATA_DIR, `import-${rows}.csv`);
  if (existsSync(path)) return path;
  const building = `${path}.building`;
  const out = createWriteStream(building);
  out.write('Date,Description,Amount\n');
  for (const row of generateSampleData({ ...BENCH_OPTIONS, transactions: rows }).transactions()) {
    if (!out.write(`${row.date},${csvField(row.description)},${row.value.toFixed(2)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(building, path);
  return path;
}

const rows = Number(process.argv[2] ?? BENCH_OPTIONS.transactions);
if (!Number.isInteger(rows) || rows < 1) throw new Error(`rows must be a positive whole number, not ${process.argv[2]}`);
console.log(await cachedImportCsv(rows));
