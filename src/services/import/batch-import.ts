import { IMPORT_SOURCE, ruleSource } from '../../domain/category-source.js';
import { bankIdKey, conflictKey, fingerprintKey, fingerprintOf, ruleOfKey } from '../../domain/import-keys.js';
import type { RuleSet } from '../../domain/rules/rule.js';
import type { ImportableItem, StatementRow } from '../../importers/index.js';
import type { ImportedTransaction, ImportSession, StoredImport } from '../../store/imports/import-session.js';
import { formerDuplicates } from './former-keys.js';
import type { OccurrenceCounter } from './occurrence-counter.js';
import type { ReadRow, ReportRow } from './report-spool.js';
import { rowProblem } from './row-checks.js';

interface Keyed {
  row: StatementRow;
  key: string;
  /** Set when the row's bank id is already on a transaction with another date or value. */
  conflictsWith?: BankIdHolder;
}

/** The transaction (stored, or earlier in this batch) that holds a bank id first. */
interface BankIdHolder {
  id: number | null;
  line: number | null;
  date: string;
  value: number;
}

/**
 * Decides one batch of a file: skipped, invalid, duplicate (of a row stored before or
 * earlier in this file), conflict or added, and inserts the added and conflicting ones.
 * Returns the report rows in file order.
 * Rows without the bank's id are keyed by fingerprint + occurrence, counted across batches,
 * so the n-th identical coffee of a day is the n-th whatever the batch size.
 * A bank id already on a transaction with the same date and value is a duplicate; with
 * another date or value it is a conflict: the row is imported under a key of its own
 * (conflictKey) and reported, never dropped.
 */
export async function importBatch(
  session: ImportSession,
  context: {
    bank: string;
    rules: RuleSet;
    occurrences: OccurrenceCounter;
    /** Numbers the former readings' fingerprints (see former-keys.ts), apart from `occurrences`. */
    formerOccurrences: OccurrenceCounter;
  },
  items: readonly ImportableItem[],
): Promise<ReportRow[]> {
  const decided: Array<ReportRow | Keyed> = [];
  const unkeyed: Array<{ slot: number; row: StatementRow; fingerprint: string }> = [];
  let byBankId: Array<{ slot: number; row: StatementRow; key: string }> = [];
  for (const item of items) {
    if (item.kind !== 'row') {
      decided.push(item.kind === 'invalid' ? invalidRow(item.line, item.reason, null, item.raw ?? null) : skippedRow(item.line, item.reason));
      continue;
    }
    const problem = rowProblem(item.row);
    if (problem) {
      decided.push(invalidRow(item.row.line, problem, readRow(item.row), null));
      continue;
    }
    const key = bankIdKey(item.row);
    if (key) byBankId.push({ slot: decided.length, row: item.row, key });
    else unkeyed.push({ slot: decided.length, row: item.row, fingerprint: fingerprintOf(item.row) });
    decided.push({ row: item.row, key: key ?? '' }); // fingerprint keys are filled in below
  }
  if (unkeyed.length > 0) {
    const numbers = await context.occurrences.number(unkeyed.map((entry) => entry.fingerprint));
    unkeyed.forEach((entry, index) => {
      decided[entry.slot] = { row: entry.row, key: fingerprintKey(entry.fingerprint, numbers[index] ?? 1) };
    });
  }
  // Rows an earlier version stored under the keys of the file's generic reading. Every item
  // came in as one entry of `decided`, so an item's index is its slot.
  if (items.some((item) => item.formerly)) {
    const current = decided.flatMap((entry) => ('key' in entry ? (entry.key.startsWith('b:') ? [entry.key, conflictKey(entry.row)] : [entry.key]) : []));
    const matches = await formerDuplicates(session, context.formerOccurrences, items, current);
    for (const [slot, match] of matches) {
      const entry = decided[slot];
      if (entry && 'key' in entry) decided[slot] = { line: entry.row.line, status: 'duplicate', id: null, duplicateOf: match.id, reason: match.rule, read: readRow(entry.row), raw: null };
    }
    if (matches.size > 0) byBankId = byBankId.filter((entry) => !matches.has(entry.slot));
  }
  const stored = byBankId.length > 0 ? await session.findByKeys([...new Set(byBankId.map((entry) => entry.key))]) : new Map<string, StoredImport>();
  const firstInBatch = new Map<string, BankIdHolder>();
  for (const { slot, row, key } of byBankId) {
    const saved = stored.get(key);
    const holder: BankIdHolder | undefined = saved ? { id: saved.id, line: null, date: saved.date, value: saved.value } : firstInBatch.get(key);
    if (!holder) firstInBatch.set(key, { id: null, line: row.line, date: row.date, value: row.value });
    else if (holder.date !== row.date || holder.value !== row.value) decided[slot] = { row, key: conflictKey(row), conflictsWith: holder };
  }
  const keyed = decided.filter((entry): entry is Keyed => 'key' in entry);
  if (keyed.length === 0) return decided as ReportRow[];

  // The first row with a key is a candidate; a later one in the same batch duplicates it.
  // Candidates whose key the bank has already are left out by the insert and looked up after:
  // one statement per batch when everything is new, two when some rows are duplicates.
  const candidates = new Map<string, ImportedTransaction>();
  for (const { row, key } of keyed) {
    if (candidates.has(key)) continue;
    // The file's own category is the import's; otherwise the first matching rule's.
    const rule = row.category ? null : context.rules.match({ description: row.description, value: row.value, bank: context.bank });
    const category = row.category ? row.category : (rule?.category ?? null);
    const categorySource = rule ? ruleSource(rule.id) : category === null ? null : IMPORT_SOURCE;
    candidates.set(key, { key, date: row.date, description: row.description, value: row.value, category, categorySource });
  }
  const inserted = await session.insertNew([...candidates.values()]);
  const known = [...candidates.keys()].filter((key) => !inserted.has(key) && !stored.has(key));
  const existing = known.length > 0 ? await session.findByKeys(known) : new Map<string, StoredImport>();

  const claimed = new Set<string>();
  return decided.map((entry): ReportRow => {
    if (!('key' in entry)) return entry;
    const { row, key, conflictsWith } = entry;
    const newId = inserted.get(key);
    if (newId !== undefined && !claimed.has(key)) {
      claimed.add(key);
      const read = readRow(row);
      if (conflictsWith) return { line: row.line, status: 'conflict', id: newId, duplicateOf: null, reason: conflictReason(row, conflictsWith), read, raw: null };
      return { line: row.line, status: 'added', id: newId, duplicateOf: null, reason: null, read, raw: null };
    }
    const original = (existing.get(key) ?? stored.get(key))?.id ?? newId ?? null;
    return { line: row.line, status: 'duplicate', id: null, duplicateOf: original, reason: ruleOfKey(key), read: readRow(row), raw: null };
  });
}

function conflictReason(row: StatementRow, holder: BankIdHolder): string {
  const where = holder.id !== null ? `transaction ${holder.id}` : `line ${holder.line ?? '?'} of this file`;
  const differs = [holder.date !== row.date ? 'date' : '', holder.value !== row.value ? 'value' : ''].filter(Boolean).join(' and ');
  return `bank id "${row.bankTransactionId ?? ''}" is already on ${where} (${holder.date}, ${holder.value}) with another ${differs}: imported as a transaction of its own`;
}

/** What the report shows of a row as read: the transaction it would be. */
function readRow(row: StatementRow): ReadRow {
  return { date: row.date, description: row.description, value: Number.isFinite(row.value) ? row.value : null };
}

function invalidRow(line: number, reason: string, read: ReadRow | null, raw: string | null): ReportRow {
  return { line, status: 'invalid', id: null, duplicateOf: null, reason, read, raw };
}

function skippedRow(line: number, reason: string): ReportRow {
  return { line, status: 'skipped', id: null, duplicateOf: null, reason, read: null, raw: null };
}
