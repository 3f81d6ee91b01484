import { bankIdKey, fingerprintKey, fingerprintOf, ruleOfKey } from '../../domain/import-keys.js';
import type { RuleSet } from '../../domain/rules/rule.js';
import type { ParsedItem, StatementRow } from '../../importers/index.js';
import type { ImportedTransaction, ImportSession } from '../../store/import-session.js';
import type { OccurrenceCounter } from './occurrence-counter.js';
import type { ReportRow } from './report-spool.js';
import { rowProblem } from './row-checks.js';

interface Keyed {
  row: StatementRow;
  key: string;
}

/**
 * Decides one batch of a file: invalid, duplicate (of a row stored before or earlier in this
 * file) or added, and inserts the added ones. Returns the report rows in file order.
 * Rows without the bank's id are keyed by fingerprint + occurrence, counted across batches,
 * so the n-th identical coffee of a day is the n-th whatever the batch size.
 */
export async function importBatch(
  session: ImportSession,
  context: { bank: string; rules: RuleSet; occurrences: OccurrenceCounter },
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
    const numbers = await context.occurrences.number(unkeyed.map((entry) => entry.fingerprint));
    unkeyed.forEach((entry, index) => {
      decided[entry.slot] = { row: entry.row, key: fingerprintKey(entry.fingerprint, numbers[index] ?? 1) };
    });
  }
  const keyed = decided.filter((entry): entry is Keyed => 'key' in entry);
  if (keyed.length === 0) return decided as ReportRow[];

  // The first row with a key is a candidate; a later one in the same batch duplicates it.
  // Candidates whose key the bank has already are left out by the insert and looked up after:
  // one statement per batch when everything is new, two when some rows are duplicates.
  const candidates = new Map<string, ImportedTransaction>();
  for (const { row, key } of keyed) {
    if (candidates.has(key)) continue;
    const category = row.category ? row.category : (context.rules.match({ description: row.description, value: row.value, bank: context.bank })?.category ?? null);
    candidates.set(key, { key, date: row.date, description: row.description, value: row.value, category });
  }
  const inserted = await session.insertNew([...candidates.values()]);
  const known = [...candidates.keys()].filter((key) => !inserted.has(key));
  const existing = known.length > 0 ? await session.findByKeys(known) : new Map<string, number>();

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
