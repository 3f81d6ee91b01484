import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { TransactionSelection } from '../../domain/transaction-filter.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import { whereFilter } from './filter-conditions.js';
import type { TransactionRow } from './transactions-queries.js';
import { TRASHED_COLUMNS, type Database } from '../engine/schema.js';

/** One row of a dry run's sample, with the number of rows the whole selection holds. */
export type SampleRow = TransactionRow & { total: number | string };

/**
 * Corrections of many transactions at once (migration 0009), chosen by ids, by an import or by
 * the list's filters: deleting them into the trash, and bulk re-categorisation. Deleting is
 * INSERT ... SELECT into the trash then DELETE by the moved ids: every trigger and count kept on
 * `transactions` sees an ordinary delete (the way back: trash/trash-queries.ts).
 */
export class CorrectionsQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  /** Copies the chosen rows into the trash with when, why and the token (PostgreSQL: locking them first). */
  copyToTrash(selection: TransactionSelection, deleted: { at: number; reason: string; reference: string | null }, tx: number): CompiledQuery {
    const why = { reason: sql<string>`CAST(${deleted.reason} AS TEXT)`, reference: sql<string | null>`CAST(${deleted.reference} AS TEXT)` };
    return this.copyRowsToTrash(this.selected(selection), deleted.at, why, tx);
  }

  /**
   * Copies `rows` (transactions chosen by the caller: an undo's, changes/undo-queries.ts) into the
   * trash with when, why (SQL over the row) and the token, locking them first on PostgreSQL.
   */
  copyRowsToTrash(
    rows: SelectQueryBuilder<Database, 'transactions', object>,
    at: number,
    why: { reason: RawBuilder<string>; reference: RawBuilder<string | null> },
    tx: number,
  ): CompiledQuery {
    let chosen = rows
      .select(TRASHED_COLUMNS)
      .select([
        sql<number>`CAST(${at} AS BIGINT)`.as('deleted_at'),
        why.reason.as('deleted_reason'),
        why.reference.as('deleted_reference'),
        sql<number>`CAST(${tx} AS BIGINT)`.as('change_tx'),
      ]);
    if (this.quirks.locksRows) chosen = chosen.forUpdate();
    return this.db
      .insertInto('deleted_transactions')
      .columns([...TRASHED_COLUMNS, 'deleted_at', 'deleted_reason', 'deleted_reference', 'change_tx'])
      .expression(chosen)
      .compile();
  }

  /** Deletes from `transactions` the rows this write (token `tx`) copied into the trash. */
  deleteMoved(tx: number): CompiledQuery {
    return this.db
      .deleteFrom('transactions')
      .where('id', 'in', (eb) => eb.selectFrom('deleted_transactions').select('id').where('change_tx', '=', tx))
      .compile();
  }

  /**
   * Sets (or clears, with null) the category of the chosen rows that it would change: a row that
   * has this category and source already is left alone (and not counted).
   */
  recategorise(selection: TransactionSelection, category: string | null, source: string | null, tx: number): CompiledQuery {
    const builder = this.db
      .updateTable('transactions')
      .set({ category, category_source: source, change_tx: tx })
      .where((eb) => eb.or([eb('category', 'is distinct from', category), eb('category_source', 'is distinct from', source)]))
      // A split row (migration 0020) has no category of its own: its lines carry them.
      .where('split', 'is', null);
    return this.whereSelected(builder, selection).compile();
  }

  /** What recategorise would change: the first `sample` rows by id, each carrying the total. */
  recategoriseSample(selection: TransactionSelection, category: string | null, source: string | null, sample: number): CompiledQuery<SampleRow> {
    return this.selected(selection)
      .select(['id', 'date', 'description', 'value', 'category', 'bank_id', 'category_source', sql<number>`count(*) OVER ()`.as('total')])
      .where((eb) => eb.or([eb('category', 'is distinct from', category), eb('category_source', 'is distinct from', source)]))
      .where('split', 'is', null)
      .orderBy('id')
      .limit(sample)
      .compile();
  }

  /** How many of the chosen rows are reconciled (migration 0019): a delete of them needs force. */
  countReconciled(selection: TransactionSelection): CompiledQuery<{ n: number | string }> {
    return this.selected(selection).select(sql<number>`count(*)`.as('n')).where('status', '=', 'reconciled').compile();
  }

  private selected(selection: TransactionSelection) {
    return this.whereSelected(this.db.selectFrom('transactions'), selection);
  }

  private whereSelected<B extends Parameters<typeof whereFilter>[0]>(builder: B, selection: TransactionSelection): B {
    if ('ids' in selection) return builder.where(this.quirks.amongIds('id', selection.ids)) as B;
    if ('importId' in selection) return builder.where('import_id', '=', selection.importId) as B;
    return whereFilter(builder, selection.filter, this.quirks);
  }
}
