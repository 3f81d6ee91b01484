import { bankIdKey, fingerprintKey, fingerprintOf, ruleOfKey } from '../../domain/import-keys.js';
import type { RuleSet } from '../../domain/rules/rule.js';
import type { ParsedItem, StatementRow } from '../../importers/index.js';
import type { ImportedTransaction, ImportSession } from '../../store/import-session.js';
import type { ReportRow } from './report-spool.js';
import { rowProblem } from './row-checks.js';

interface Keyed {
  row: StatementRow;
  key: string;
}

/**
 * Decides one batch of a file: invalid, duplicate (of a row stored before or earlier in this
 * file) or added, and inserts the added ones. Returns the report rows in file order.
 * Rows without the bank's id are keyed by fingerprint + occurrence, counted across batches
 * by the session, so the n-th identical coffee of a day is the n-th whatever the batch size.
 */
export async function importBatch(
  session: ImportSession,
  context: { bank: string; rules: RuleSet },
  items: readonly ParsedItem[],
): Promise<ReportRow[]> {
  const decided: Array<ReportRow | Keyed> = [];
  const unkeyed: Array<{ slot: number; row: StatementRow; fingerprint: string }> = [];
  for (const item of items) {
    if (item.kind === 'invalid') {
      decided.push(invalidRow(item.line, item.reason));
      continue;
    }
    const problem = rowProblem(item.row);
    if (problem) {
      decided.push(invalidRow(item.row.line, problem));
      continue;
    }
    const key = bankIdKey(item.row);
    if (key) decided.push({ row: item.row, key });
    else {
      unkeyed.push({ slot: decided.length, row: item.row, fingerprint: fingerprintOf(item.row) });
      decided.push({ row: item.row, key: '' }); // filled in below, once occurrences are known
    }
  }
  if (unkeyed.length > 0) {
    const seen = await session.countOccurrences(unkeyed.map((entry) => entry.fingerprint));
    for (const entry of unkeyed) {
      const occurrence = (seen.get(entry.fingerprint) ?? 0) + 1;
      seen.set(entry.fingerprint, occurrence);
      decided[entry.slot] = { row: entry.row, key: fingerprintKey(entry.fingerprint, occurrence) };
    }
  }
  const keyed = decided.filter((entry): entry is Keyed => 'key' in entry);
  if (keyed.length === 0) return decided as ReportRow[];

  const existing = await session.findByKeys([...new Set(keyed.map((entry) => entry.key))]);
  // The first row with a new key is inserted; a later one in the same batch duplicates it.
  const toInsert = new Map<string, ImportedTransaction>();
  for (const { row, key } of keyed) {
    if (existing.has(key) || toInsert.has(key)) continue;
    const category = row.category ? row.category : (context.rules.match({ description: row.description, value: row.value, bank: context.bank })?.category ?? null);
    toInsert.set(key, { key, date: row.date, description: row.description, value: row.value, category });
  }
  const inserted = toInsert.size > 0 ? await session.insert([...toInsert.values()]) : new Map<string, number>();

  const claimed = new Set<string>();
  return decided.map((entry): ReportRow => {
    if (!('key' in entry)) return entry;
    const { row, key } = entry;
    const newId = inserted.get(key);
    if (newId !== undefined && !claimed.has(key)) {
      claimed.add(key);
      return { line: row.line, status: 'added', id: newId, duplicateOf: null, reason: null };
    }
    return { line: row.line, status: 'duplicate', id: null, duplicateOf: existing.get(key) ?? newId ?? null, reason: ruleOfKey(key) };
  });
}

function invalidRow(line: number, reason: string): ReportRow {
  return { line, status: 'invalid', id: null, duplicateOf: null, reason };
}
