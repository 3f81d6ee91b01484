import type { TransactionObject } from '../../../src/domain/transaction.js';

/**
 * What the clients of a crash test were told, and so what the store must hold after a restart.
 *
 * "Exact" here: an acknowledged create must be present with the date, description and value
 * sent; an acknowledged update must have left the category it set unless a later update of the
 * same transaction was in flight when the server died, in which case that later value is also
 * acceptable (it may or may not have committed). A write that was never acknowledged may be
 * present or absent, but never half-present: a row that no acknowledged create explains must be
 * exactly one of the unacknowledged creates. Each transaction is updated by one client at a time,
 * so the order of its updates is the order the client sent them in.
 */
export interface SentTransaction {
  date: string;
  description: string;
  value: number;
  category?: string;
}

/** A row as the server returns it. */
export type StoredTransaction = TransactionObject;

interface Known {
  sent: SentTransaction;
  /** Category values the row may hold now (more than one only after an unacknowledged update). */
  categories: Set<string | null>;
}

export interface VerifyOutcome {
  /** Acknowledged writes not found as acknowledged. */
  lost: string[];
  /** Rows no write explains, or explained wrongly (duplicates, mangled fields). */
  unexplained: string[];
  /** Unacknowledged creates that did commit (allowed; reported for interest). */
  unacknowledgedPresent: number;
}

export class WriteLedger {
  private readonly known = new Map<number, Known>();
  private readonly pendingCreates = new Map<string, SentTransaction>();
  acknowledgedCreates = 0;
  acknowledgedUpdates = 0;

  /** Called before a create is sent; its description must be unique. */
  createSent(sent: SentTransaction): void {
    this.pendingCreates.set(sent.description, sent);
  }

  createAcknowledged(id: number, sent: SentTransaction): void {
    this.pendingCreates.delete(sent.description);
    this.known.set(id, { sent, categories: new Set([sent.category ?? null]) });
    this.acknowledgedCreates += 1;
  }

  /** The update was sent; until acknowledged its value is only a possibility. */
  updateSent(id: number, category: string | null): void {
    this.known.get(id)?.categories.add(category);
  }

  updateAcknowledged(id: number, category: string | null): void {
    const entry = this.known.get(id);
    if (!entry) throw new Error(`update acknowledged for transaction ${id}, which the ledger does not know`);
    entry.categories = new Set([category]);
    this.acknowledgedUpdates += 1;
  }

  get acknowledged(): number {
    return this.acknowledgedCreates + this.acknowledgedUpdates;
  }

  ids(): number[] {
    return [...this.known.keys()];
  }

  /**
   * Checks the rows read back after a restart, then adopts them as the new truth (so the next
   * round starts from what is really stored).
   */
  verify(rows: StoredTransaction[]): VerifyOutcome {
    const outcome: VerifyOutcome = { lost: [], unexplained: [], unacknowledgedPresent: 0 };
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (byId.size !== rows.length) outcome.unexplained.push(`${rows.length - byId.size} duplicate ids in the listing`);
    for (const [id, entry] of this.known) {
      const row = byId.get(id);
      if (!row) {
        outcome.lost.push(`transaction ${id} (${entry.sent.description}) is missing`);
        continue;
      }
      const mismatch = fieldMismatch(entry.sent, row);
      if (mismatch) outcome.lost.push(`transaction ${id}: ${mismatch}`);
      const category = row.category ?? null;
      if (!entry.categories.has(category)) {
        outcome.lost.push(`transaction ${id}: category ${JSON.stringify(category)}, expected one of ${JSON.stringify([...entry.categories])}`);
      }
      entry.categories = new Set([category]);
    }
    const seenDescriptions = new Set<string>();
    for (const row of rows) {
      if (seenDescriptions.has(row.description)) outcome.unexplained.push(`description ${row.description} stored twice`);
      seenDescriptions.add(row.description);
      if (this.known.has(row.id)) continue;
      const sent = this.pendingCreates.get(row.description);
      if (!sent) {
        outcome.unexplained.push(`transaction ${row.id} (${row.description}) was never sent`);
        continue;
      }
      const mismatch = fieldMismatch(sent, row);
      if (mismatch) outcome.unexplained.push(`unacknowledged transaction ${row.id}: ${mismatch}`);
      outcome.unacknowledgedPresent += 1;
      this.known.set(row.id, { sent, categories: new Set([row.category ?? null]) });
    }
    this.pendingCreates.clear();
    return outcome;
  }
}

function fieldMismatch(sent: SentTransaction, row: StoredTransaction): string | null {
  const wrong: string[] = [];
  if (row.date !== sent.date) wrong.push(`date ${row.date} != ${sent.date}`);
  if (row.description !== sent.description) wrong.push(`description ${row.description} != ${sent.description}`);
  // Exact: the contract promises the value back as sent, so no tolerance.
  if (row.value !== sent.value) wrong.push(`value ${row.value} != ${sent.value}`);
  if (row.bank !== undefined) wrong.push(`bank ${row.bank} was never sent`);
  return wrong.length > 0 ? wrong.join(', ') : null;
}
