import { createReadStream } from 'node:fs';
import cliProgress from 'cli-progress';
import type { ImportResult } from '../services/import.service.js';
import { printTable } from './cli-support.js';
import { jsonForTerminal, terminalSafe } from './terminal-text.js';

/** Writes to stdout and waits when the pipe is full, so a huge report never piles up in memory. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
}

/** Exactly {"added","duplicates","invalid","rows":[{"line","status","id","duplicateOf","reason"}]}, streamed. */
export async function printJsonReport(result: ImportResult): Promise<void> {
  await write(`{"added":${result.added},"duplicates":${result.duplicates},"invalid":${result.invalid},"rows":[`);
  let chunk = '';
  let first = true;
  for await (const row of result.rows()) {
    chunk += (first ? '' : ',') + jsonForTerminal({ line: row.line, status: row.status, id: row.id, duplicateOf: row.duplicateOf, reason: row.reason });
    first = false;
    if (chunk.length > 64 * 1024) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(`${chunk}]}\n`);
}

/** A summary table, then the first invalid rows so the user can fix the file. */
export function printHumanReport(result: ImportResult, bank: string): void {
  const heading = { imported: 'imported', 'dry-run': 'dry run, nothing written', rejected: 'NOT imported, nothing written' }[result.outcome];
  process.stdout.write(`${terminalSafe(`${result.file} (${result.format.toUpperCase()}) into bank ${bank}`)}: ${heading}\n`);
  const verb = result.outcome === 'imported' ? 'added' : 'new (would be added)';
  printTable(
    ['ROWS', 'COUNT'],
    [
      [verb, String(result.added)],
      ['duplicate, same bank transaction id', String(result.duplicatesByRule['bank-id'])],
      ['duplicate, same date, value and description', String(result.duplicatesByRule.fingerprint)],
      ['invalid', String(result.invalid)],
    ],
  );
  // Reasons quote the statement: escaped, like every other outside text (terminal-text.ts).
  for (const row of result.firstInvalid) process.stdout.write(`  line ${row.line}: ${terminalSafe(row.reason ?? '')}\n`);
  if (result.invalid > result.firstInvalid.length) process.stdout.write(`  ... and ${result.invalid - result.firstInvalid.length} more (see --json)\n`);
}

export interface Progress {
  update(line: number): void;
  stop(): void;
}

/** A bar on stderr when it is a terminal; nothing at all when piped or redirected. */
export async function startProgress(path: string, label: string): Promise<Progress> {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const total = await countLines(path);
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {percentage}% | line {value}/{total} | {eta_formatted} left`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(Math.max(total, 1), 0);
  return {
    update: (line) => bar.update(Math.min(line, total)),
    stop: () => bar.stop(),
  };
}

/** Newline bytes: the total the bar moves towards (rows report their line numbers). */
async function countLines(path: string): Promise<number> {
  let count = 1;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  }
  return count;
}
