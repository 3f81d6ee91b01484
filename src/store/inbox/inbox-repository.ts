import type { InboxPart } from '../../domain/reports/inbox.js';
import { descriptionsOfPayee } from '../../domain/reports/inbox.js';
import type { TransactionRecord } from '../../domain/transaction.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import { toTransactionRecord } from '../transactions/transactions-queries.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toInboxPart, type InboxQueries, type InboxRow } from './inbox-queries.js';
import type { InboxPrograms } from './inbox-writes.js';
import type { SampleRow } from '../transactions/corrections-queries.js';

/** The review inbox (issue 13): its parts, and one payee's rows re-categorised. */
export interface InboxRepository {
  /** The uncategorised transactions by folded description, with dates, from one snapshot. */
  parts(): Promise<InboxPart[]>;
  /** Sets (or clears) the category of the filter's rows of one payee, in one commit; the ids that changed, in order. */
  recategorisePayee(filter: TransactionFilter, payee: string, category: string | null, source: string | null): Promise<number[]>;
  /** What recategorisePayee would change: how many, and the first `sample` of them by id. */
  previewRecategorisePayee(
    filter: TransactionFilter,
    payee: string,
    category: string | null,
    source: string | null,
    sample: number,
  ): Promise<{ total: number; rows: TransactionRecord[] }>;
}

/** Written once; `parts` is the engine's own when it reads elsewhere (SQLite's read threads). */
export function inboxRepository(db: EngineAccess<{ inbox: InboxQueries }, InboxPrograms>, parts?: InboxRepository['parts']): InboxRepository {
  const { inbox } = db.queries;
  return {
    parts: parts ?? (async () => (await db.all<InboxRow>(inbox.parts())).map(toInboxPart)),
    recategorisePayee: (filter, payee, category, source) => db.write('recategorisePayee', filter, payee, category, source),
    async previewRecategorisePayee(filter, payee, category, source, sample) {
      // Both read the uncategorised rows a filter matches, which may be most of the store: the bounded read path.
      const found = await db.scanAll<{ description_folded: string | null }>(inbox.descriptions(filter));
      const descriptions = descriptionsOfPayee(
        found.map((row) => row.description_folded ?? ''),
        payee,
      );
      if (descriptions.length === 0) return { total: 0, rows: [] };
      const rows = await db.scanAll<SampleRow>(inbox.sample(filter, descriptions, category, category === null ? null : source, sample));
      return { total: Number(rows[0]?.total ?? 0), rows: rows.map(toTransactionRecord) };
    },
  };
}
