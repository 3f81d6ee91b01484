import { sql, type CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import { TRASHED_COLUMNS, type Database } from '../engine/schema.js';
import type { TransactionRow } from '../transactions/transactions-queries.js';

export interface DeletedRow extends TransactionRow {
  deleted_at: number | string;
  deleted_reason: string;
  deleted_reference: string | null;
}

export interface TrashSkipRow {
  id: number | string;
  bank_known: number | boolean;
  key_taken: number | boolean;
}

type TrashExpressions = ExpressionBuilder<Database & { d: Database['deleted_transactions'] }, 'd'>;

/** Trash rows by id, or those one change moved there and no later change touched (an undo of it: changes/undo-writes.ts). */
export type TrashChoice = readonly number[] | { change: number };

/**
 * The trash (migration 0009): rows deleted into it (transactions/corrections-queries.ts) come
 * back with their ids, are listed, and are purged. Restoring is INSERT ... SELECT then DELETE by
 * the restored ids: every trigger and count kept on `transactions` sees an ordinary insert.
 */
export class TrashQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  /** The categories of trashed rows about to come back, created when missing. */
  insertTrashCategories(ids: TrashChoice, tx: number): CompiledQuery {
    return this.db
      .insertInto('categories')
      .columns(['name', 'group_name', 'change_tx'])
      .expression(
        this.db
          .selectFrom('deleted_transactions')
          .select(['category', sql<null>`NULL`.as('group_name'), sql<number>`CAST(${tx} AS BIGINT)`.as('change_tx')])
          .distinct()
          .where(this.chosen('id', 'change_tx', ids))
          .where('category', 'is not', null),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .compile();
  }

  /**
   * Moves the asked-for trash rows back, same ids, stamped with `tx`: those whose bank still
   * exists and whose import key no transaction of that bank has taken meanwhile (an import of the
   * same statement after an undo). Returns the restored ids.
   */
  restoreFromTrash(ids: TrashChoice, tx: number): CompiledQuery<{ id: number }> {
    let chosen = this.db
      .selectFrom('deleted_transactions as d')
      .select(TRASHED_COLUMNS.filter((column) => column !== 'import_id').map((column) => `d.${column}` as const))
      .select(['d.import_id', sql<number>`CAST(${tx} AS BIGINT)`.as('change_tx')])
      .where(this.chosen('d.id', 'd.change_tx', ids))
      .where((eb) => eb.and([this.bankKnown(eb), eb.not(this.keyTaken(eb))]));
    if (this.quirks.locksRows) chosen = chosen.forUpdate();
    return this.db
      .insertInto('transactions')
      // In the SELECT's order: import_id is selected after the others.
      .columns([...TRASHED_COLUMNS.filter((column) => column !== 'import_id'), 'import_id', 'change_tx'])
      .expression(chosen)
      .returning('id')
      .compile();
  }

  /** Removes from the trash the rows this write (token `tx`) restored. */
  deleteRestored(tx: number): CompiledQuery {
    return this.db
      .deleteFrom('deleted_transactions')
      .where('id', 'in', (eb) => eb.selectFrom('transactions').select('id').where('change_tx', '=', tx))
      .compile();
  }

  /** The asked-for ids still in the trash, and why each could not come back. */
  trashSkips(ids: TrashChoice): CompiledQuery<TrashSkipRow> {
    return this.db
      .selectFrom('deleted_transactions as d')
      .select((eb) => ['d.id', this.bankKnown(eb).as('bank_known'), this.keyTaken(eb).as('key_taken')])
      .where(this.chosen('d.id', 'd.change_tx', ids))
      .orderBy('d.id')
      .compile();
  }

  private chosen(id: string, changeTx: string, choice: TrashChoice) {
    return 'change' in choice ? sql<boolean>`${sql.ref(changeTx)} = ${choice.change}` : this.quirks.amongIds(id, choice);
  }

  private bankKnown(eb: TrashExpressions) {
    return eb.or([eb('d.bank_id', 'is', null), eb.exists(eb.selectFrom('banks as b').select('b.id').whereRef('b.id', '=', 'd.bank_id'))]);
  }

  private keyTaken(eb: TrashExpressions) {
    return eb.and([
      eb('d.import_key', 'is not', null),
      eb.exists(
        eb
          .selectFrom('transactions as t')
          .select('t.id')
          .whereRef('t.bank_id', '=', 'd.bank_id')
          .whereRef('t.import_key', '=', 'd.import_key')
          .where('t.import_key', 'is not', null),
      ),
    ]);
  }

  /** A page of the trash, most recently deleted first (ties by id). */
  trashPage(limit: number, offset: number): CompiledQuery<DeletedRow> {
    return this.db
      .selectFrom('deleted_transactions')
      .select(['id', 'date', 'description', 'value', 'category', 'bank_id', 'category_source', 'account_id', 'status', 'deleted_at', 'deleted_reason', 'deleted_reference'])
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .compile();
  }

  trashCount(): CompiledQuery<{ n: number }> {
    return this.db.selectFrom('deleted_transactions').select(sql<number>`count(*)`.as('n')).compile();
  }

  /** Forgets trash rows deleted before `before`; first records the newest feed entry that loses a deletion. */
  markPurged(before: number): CompiledQuery {
    const newest = this.db
      .selectFrom('deleted_transactions as d')
      .innerJoin('change_feed as f', 'f.tx', 'd.change_tx')
      .select(sql<number>`coalesce(max(f.seq), 0)`.as('seq'))
      .where('d.deleted_at', '<', before);
    return this.db
      .updateTable('change_feed_state')
      .set({ purged_through: sql`CASE WHEN (${newest}) > purged_through THEN (${newest}) ELSE purged_through END` })
      .compile();
  }

  purge(before: number): CompiledQuery {
    return this.db.deleteFrom('deleted_transactions').where('deleted_at', '<', before).compile();
  }
}
