import { createReadStream } from 'node:fs';
import cliProgress from 'cli-progress';
import type { ImportResult, ReportRow } from '../services/import.service.js';
import { printTable } from './cli-support.js';
import { jsonForTerminal, terminalSafe } from './terminal-text.js';

/** Writes to stdout and waits when the pipe is full, so a huge report never piles up in memory. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
}

/**
 * Exactly {"added","duplicates","conflicts","invalid","skipped","notes":[...],
 * "rows":[{"line","status","id","duplicateOf","reason", and as read "date","description","value", or "raw"}]},
 * streamed. The row as read is there when the file's row could be read (value null when not
 * a finite number); "raw", the record's text, on an invalid row that could not.
 */
export async function printJsonReport(result: ImportResult): Promise<void> {
  const { added, duplicates, conflicts, invalid, skipped, notes, balanceCheck, transfers } = result;
  const head = jsonForTerminal({ added, duplicates, conflicts, invalid, skipped, notes, ...(balanceCheck === undefined ? {} : { balanceCheck }), ...(transfers === undefined ? {} : { transfers }) });
  await write(`${head.slice(0, -1)},"rows":[`);
  let chunk = '';
  let first = true;
  for await (const row of result.rows()) {
    chunk += (first ? '' : ',') + jsonForTerminal({ line: row.line, status: row.status, id: row.id, duplicateOf: row.duplicateOf, reason: row.reason, ...asRead(row) });
    first = false;
    if (chunk.length > 64 * 1024) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(`${chunk}]}\n`);
}

/**
 * A summary table with every status, then the rows a person should look at (invalid,
 * conflict, skipped) with their reasons. Reasons quote the file, so they are escaped.
 */
export function printHumanReport(result: ImportResult, bank: string, account?: number): void {
  const heading = { imported: 'imported', 'dry-run': 'dry run, nothing written', rejected: 'NOT imported, nothing written' }[result.outcome];
  const into = account === undefined ? `bank ${terminalSafe(bank)}` : `account ${account} (bank ${terminalSafe(bank)})`;
  process.stdout.write(`${terminalSafe(result.file)} (${result.format.toUpperCase()}) into ${into}: ${heading}\n`);
  for (const note of result.notes) process.stdout.write(`note: ${terminalSafe(note)}\n`);
  const check = result.balanceCheck;
  if (check !== undefined) process.stdout.write(`balance check: ${check.agrees ? 'agrees' : 'DIFFERS'}: ${terminalSafe(check.message)}\n`);
  for (const transfer of result.transfers ?? []) {
    process.stdout.write(`transfer found: ${transfer.outflow.transactionId} -> ${transfer.inflow.transactionId} (${-transfer.outflow.value}), suggested as transfer ${transfer.id}: \`moneta transfers link ${transfer.outflow.transactionId} ${transfer.inflow.transactionId}\` confirms it\n`);
  }
  const written = result.outcome === 'imported';
  printTable(
    ['ROWS', 'COUNT'],
    [
      [written ? 'added' : 'new (would be added)', String(result.added)],
      ['duplicate, same bank transaction id', String(result.duplicatesByRule['bank-id'])],
      ['duplicate, same date, value and description', String(result.duplicatesByRule.fingerprint)],
      [written ? 'conflict, bank id reused: added' : 'conflict, bank id reused (would be added)', String(result.conflicts)],
      ['invalid', String(result.invalid)],
      ['skipped, not a booked transaction', String(result.skipped)],
    ],
  );
  listRows('invalid', result.firstInvalid, result.invalid);
  listRows('conflict', result.firstConflicts, result.conflicts);
  listRows('skipped', result.firstSkipped, result.skipped);
}

function asRead(row: ReportRow): Record<string, unknown> {
  if (row.read) return { date: row.read.date, description: row.read.description, value: row.read.value };
  return row.raw === null ? {} : { raw: row.raw };
}

/** Each row's reason, then what the file had there: the row as read, or the record's text. */
function listRows(status: string, rows: readonly ReportRow[], total: number): void {
  for (const row of rows) {
    process.stdout.write(`  line ${row.line}: ${status}: ${terminalSafe(row.reason ?? '')}\n`);
    if (row.read) process.stdout.write(`    ${row.read.date}  ${row.read.value ?? '?'}  ${terminalSafe(row.read.description)}\n`);
    else if (row.raw !== null) process.stdout.write(`    the file has: ${terminalSafe(row.raw)}\n`);
  }
  if (total > rows.length) process.stdout.write(`  ... and ${total - rows.length} more ${status} (see --json)\n`);
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
