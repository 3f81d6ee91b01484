import { bankIdKey, conflictKey, type DuplicateRule, fingerprintKey, fingerprintOf, ruleOfKey } from '../../domain/import-keys.js';
import type { ParsedItem, StatementRow } from '../../importers/index.js';
import type { ImportSession } from '../../store/imports/import-session.js';
import type { OccurrenceCounter } from './occurrence-counter.js';
import { rowProblem } from './row-checks.js';

/** The keys a row's former reading had when an earlier version imported it, most likely first. */
export interface FormerKeys {
  /** Index of the item in its batch. */
  index: number;
  row: StatementRow;
  keys: string[];
}

/**
 * A CSV file that a bank profile now reads was imported, by versions that did not pick bank
 * profiles by header, through the generic profile: its rows were stored under the keys of that
 * reading (`formerly` on each item). This gives each former reading the key it had then: the
 * bank's id (or, when that id was already taken by another date or value, its conflict key), or
 * its fingerprint with its occurrence among the file's former readings. Every item with a former
 * reading is counted, whatever the bank profile made of it, because the earlier import counted
 * every row it read; the counter is the import's own, kept apart from the current readings'.
 */
export async function formerKeysOf(items: readonly ParsedItem[], occurrences: OccurrenceCounter): Promise<FormerKeys[]> {
  const out: FormerKeys[] = [];
  const unkeyed: Array<{ entry: FormerKeys; fingerprint: string }> = [];
  items.forEach((item, index) => {
    const row = item.formerly;
    if (!row || rowProblem(row)) return; // an earlier version refused it: nothing was stored
    const key = bankIdKey(row);
    const entry: FormerKeys = { index, row, keys: key ? [key, conflictKey(row)] : [] };
    if (!key) unkeyed.push({ entry, fingerprint: fingerprintOf(row) });
    out.push(entry);
  });
  if (unkeyed.length > 0) {
    const numbers = await occurrences.number(unkeyed.map((u) => u.fingerprint));
    unkeyed.forEach((u, i) => u.entry.keys.push(fingerprintKey(u.fingerprint, numbers[i] ?? 1)));
  }
  return out;
}

/**
 * The stored transaction a former key names, if the earlier import would have found this row
 * there: a bank id only with the same date and value (else that import stored the row under
 * its conflict key, the next key tried).
 */
export function formerMatch(
  former: FormerKeys,
  stored: ReadonlyMap<string, { id: number; date: string; value: number }>,
): { id: number; rule: DuplicateRule } | undefined {
  for (const key of former.keys) {
    const found = stored.get(key);
    if (!found) continue;
    if (key.startsWith('b:') && (found.date !== former.row.date || found.value !== former.row.value)) continue;
    return { id: found.id, rule: ruleOfKey(key) };
  }
  return undefined;
}

/**
 * Items of a batch that are duplicates by their former reading: index -> the stored transaction
 * and the rule. `currentKeys` are the keys of the batch's rows as read now; a transaction one of
 * them names is that row's, never another row's former match, and each transaction is matched
 * once: so a charge and a refund whose readings swap signs (an inverted-sign profile) are not
 * taken for each other. (Across batches, a row matched here before another row's current key
 * names the same transaction keeps the match; it takes two such rows on a batch boundary.)
 */
export async function formerDuplicates(
  session: Pick<ImportSession, 'findByKeys'>,
  occurrences: OccurrenceCounter,
  items: readonly ParsedItem[],
  currentKeys: readonly string[],
): Promise<Map<number, { id: number; rule: DuplicateRule }>> {
  const formers = await formerKeysOf(items, occurrences);
  const matches = new Map<number, { id: number; rule: DuplicateRule }>();
  if (formers.length === 0) return matches;
  const stored = await session.findByKeys([...new Set([...currentKeys, ...formers.flatMap((f) => f.keys)])]);
  const claimed = new Set(currentKeys.flatMap((key) => stored.get(key)?.id ?? []));
  for (const former of formers) {
    const match = formerMatch(former, stored);
    if (!match || claimed.has(match.id)) continue;
    claimed.add(match.id);
    matches.set(former.index, match);
  }
  return matches;
}
