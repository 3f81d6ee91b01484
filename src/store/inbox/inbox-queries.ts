import { sql, type CompiledQuery, type Kysely, type SqlBool } from 'kysely';
import type { InboxPart } from '../../domain/reports/inbox.js';
import type { TransactionFilter } from '../../domain/transaction-filter.js';
import type { SampleRow } from '../transactions/corrections-queries.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import { whereFilter } from '../transactions/filter-conditions.js';
import { NOT_IN_CONFIRMED_TRANSFER } from '../transfers/transfer-rows-sql.js';
import { ODD_VALUE_SQL } from '../engine/sql-terms.js';
import type { Queries } from '../transactions/transactions-queries.js';
import type { Database } from '../engine/schema.js';

/** One row of the inbox statement: an InboxPart in columns (see ReportRow). */
export interface InboxRow {
  description_folded: string | null;
  n: string | number;
  income: string | number;
  expenses: string | number;
  value: number | null;
  first: string;
  last: string;
}

const UNCATEGORISED: TransactionFilter = { category: null };

/**
 * The review inbox (issue 13): the uncategorised transactions by folded description, with their
 * dates, in one statement (so one snapshot), summed like the reports (whole cents in SQL, the
 * other values one by one); and the statements that choose one payee's rows by the folded
 * descriptions that make it (payees are computed in the domain, not in SQL).
 */
export class InboxQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
    private readonly transactions: Queries,
  ) {}

  parts(): CompiledQuery<InboxRow> {
    const cents = this.quirks.cents;
    const wholeCents = this.transactions
      .filtered(UNCATEGORISED)
      .where(NOT_IN_CONFIRMED_TRANSFER)
      .select([
        'description_folded',
        sql<string>`CAST(count(*) AS TEXT)`.as('n'),
        sql<string>`CAST(coalesce(sum(CASE WHEN value > 0 THEN ${cents} END), 0) AS TEXT)`.as('income'),
        sql<string>`CAST(coalesce(sum(CASE WHEN value < 0 THEN ${cents} END), 0) AS TEXT)`.as('expenses'),
        sql<number | null>`CAST(NULL AS DOUBLE PRECISION)`.as('value'),
        sql<string>`min(date)`.as('first'),
        sql<string>`max(date)`.as('last'),
      ])
      .groupBy('description_folded');
    const oddValues = this.transactions
      .filtered(UNCATEGORISED)
      .where(NOT_IN_CONFIRMED_TRANSFER)
      .where(sql.raw<SqlBool>(ODD_VALUE_SQL))
      .where('date', '>', '')
      .select([
        'description_folded',
        sql<string>`'0'`.as('n'),
        sql<string>`'0'`.as('income'),
        sql<string>`'0'`.as('expenses'),
        sql<number | null>`value`.as('value'),
        sql<string>`date`.as('first'),
        sql<string>`date`.as('last'),
      ]);
    return wholeCents.unionAll(oddValues).compile() as CompiledQuery<InboxRow>;
  }

  /** The distinct folded descriptions of the rows a filter chooses (to find a payee's). */
  descriptions(filter: TransactionFilter): CompiledQuery<{ description_folded: string | null }> {
    return this.transactions.filtered(filter).select('description_folded').distinct().compile();
  }

  /** Sets (or clears) the category of the filter's rows with these folded descriptions that it would change; returns their ids. */
  recategorise(filter: TransactionFilter, descriptions: readonly string[], category: string | null, source: string | null, tx: number): CompiledQuery<{ id: number | string }> {
    const update = this.db
      .updateTable('transactions')
      .set({ category, category_source: source, change_tx: tx })
      .where(this.quirks.amongTexts('description_folded', descriptions))
      .where((eb) => eb.or([eb('category', 'is distinct from', category), eb('category_source', 'is distinct from', source)]))
      // A split row (migration 0020) is in the inbox for a line without a category: its lines change, not it.
      .where('split', 'is', null);
    return whereFilter(update, filter, this.quirks).returning('id').compile() as CompiledQuery<{ id: number | string }>;
  }

  /** What recategorise would change: the first `sample` rows by id, each carrying the total. */
  sample(filter: TransactionFilter, descriptions: readonly string[], category: string | null, source: string | null, sample: number): CompiledQuery<SampleRow> {
    return this.transactions
      .filtered(filter)
      .where(this.quirks.amongTexts('description_folded', descriptions))
      .where((eb) => eb.or([eb('category', 'is distinct from', category), eb('category_source', 'is distinct from', source)]))
      .where('split', 'is', null)
      .select(['id', 'date', 'description', 'value', 'category', 'bank_id', 'category_source', 'account_id', 'status', sql<number>`count(*) OVER ()`.as('total')])
      .orderBy('id')
      .limit(sample)
      .compile() as CompiledQuery<SampleRow>;
  }
}

export function toInboxPart(row: InboxRow): InboxPart {
  return {
    month: null,
    category: null,
    group: null,
    descriptionFolded: row.description_folded,
    count: Number(row.n),
    incomeCents: String(row.income),
    expensesCents: String(row.expenses),
    value: row.value === null ? null : Number(row.value),
    first: row.first,
    last: row.last,
  };
}
