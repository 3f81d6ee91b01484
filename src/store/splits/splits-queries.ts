import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { StoredSplitLine } from '../../domain/splits.js';
import type { Database } from '../engine/schema.js';

/** A line as read (split_lines, migration 0020). */
export interface SplitLineRow {
  position: number;
  amount_cents: number | string;
  category: string | null;
  memo: string | null;
}

/** The transaction a split is of: its value and the currency it is in (its account's, else the store's). */
export interface SplitParentRow {
  id: number | string;
  value: number;
  split: number | null;
  currency: string | null;
}

/** The statements of splits (migration 0020): lines, the parent's mark and the lines' before-images for undo. */
export class SplitsQueries {
  constructor(private readonly db: Kysely<Database>) {}

  parent(id: number): CompiledQuery<SplitParentRow> {
    return this.db
      .selectFrom('transactions as t')
      .leftJoin('accounts as a', 'a.id', 't.account_id')
      .select(['t.id', 't.value', 't.split', sql<string | null>`coalesce(a.currency, (SELECT s.value FROM settings s WHERE s.key = 'currency'))`.as('currency')])
      .where('t.id', '=', id)
      .compile();
  }

  lines(id: number): CompiledQuery<SplitLineRow> {
    return this.db.selectFrom('split_lines').select(['position', 'amount_cents', 'category', 'memo']).where('transaction_id', '=', id).orderBy('position').compile();
  }

  /** Keeps the lines transaction `id` has now as its before-image in change `tx`. */
  imageLines(id: number, tx: number): CompiledQuery {
    return this.db
      .insertInto('change_undo_splits')
      .columns(['tx', 'transaction_id', 'position', 'amount_cents', 'category', 'memo'])
      .expression(
        this.db
          .selectFrom('split_lines')
          .select([sql<number>`CAST(${tx} AS BIGINT)`.as('tx'), 'transaction_id', 'position', 'amount_cents', 'category', 'memo'])
          .where('transaction_id', '=', id),
      )
      .compile();
  }

  deleteLines(id: number): CompiledQuery {
    return this.db.deleteFrom('split_lines').where('transaction_id', '=', id).compile();
  }

  insertLines(id: number, lines: readonly StoredSplitLine[]): CompiledQuery {
    return this.db
      .insertInto('split_lines')
      .values(lines.map((line, position) => ({ transaction_id: id, position, amount_cents: line.amountCents, category: line.category, memo: line.memo })))
      .compile();
  }

  /** The lines of the rows a trash purge forgets (deleted before `before`, ms since the epoch): they go with them. */
  purgeTrashedLines(before: number): CompiledQuery {
    return sql`DELETE FROM split_lines WHERE transaction_id IN (SELECT id FROM deleted_transactions WHERE deleted_at < ${before})`.compile(this.db);
  }

  /**
   * Undo (docs/undo.md): the rows change `from` changed in place that the undo `tx` has just
   * given their category back (revertCategories stamped them `tx`), whose lines go back too.
   */
  private reverted(from: number, tx: number) {
    return sql`SELECT r.transaction_id FROM change_undo_rows r JOIN transactions t ON t.id = r.transaction_id
      WHERE r.tx = ${from} AND r.action IN ('category', 'row') AND t.change_tx = ${tx}`;
  }

  /** The lines those rows have now, kept as the undo's own before-images (an undo of the undo puts them back). */
  imageRevertedLines(from: number, tx: number): CompiledQuery {
    return sql`INSERT INTO change_undo_splits (tx, transaction_id, position, amount_cents, category, memo)
      SELECT CAST(${tx} AS BIGINT), s.transaction_id, s.position, s.amount_cents, s.category, s.memo FROM split_lines s
      WHERE s.transaction_id IN (${this.reverted(from, tx)})`.compile(this.db);
  }

  /** The categories the lines before change `from` named, created again (as a PUT would) where removed since; stamped `tx`. */
  insertBeforeLineCategories(from: number, tx: number): CompiledQuery {
    return sql`INSERT INTO categories (name, group_name, change_tx)
      SELECT DISTINCT category, CAST(NULL AS TEXT), CAST(${tx} AS BIGINT) FROM change_undo_splits WHERE tx = ${from} AND category IS NOT NULL
      ON CONFLICT (name) DO NOTHING`.compile(this.db);
  }

  deleteRevertedLines(from: number, tx: number): CompiledQuery {
    return sql`DELETE FROM split_lines WHERE transaction_id IN (${this.reverted(from, tx)})`.compile(this.db);
  }

  /** The lines those rows had before change `from` (none when they had none), and their mark to match. */
  restoreBeforeLines(from: number, tx: number): CompiledQuery[] {
    return [
      sql`INSERT INTO split_lines (transaction_id, position, amount_cents, category, memo)
        SELECT transaction_id, position, amount_cents, category, memo FROM change_undo_splits
        WHERE tx = ${from} AND transaction_id IN (${this.reverted(from, tx)})`.compile(this.db),
      sql`UPDATE transactions SET split = CASE WHEN EXISTS (SELECT 1 FROM split_lines s WHERE s.transaction_id = transactions.id) THEN 1 END
        WHERE id IN (${this.reverted(from, tx)})`.compile(this.db),
    ];
  }

  /** Forgets the lines' before-images of purged changes (as change_undo_rows', changes/undo-queries.ts). */
  purgeImages(): CompiledQuery {
    return sql`DELETE FROM change_undo_splits WHERE tx <= (SELECT purged_through FROM change_undo_state)`.compile(this.db);
  }

  /** Split lines of category `name` move to `to` (null: uncategorised), as its transactions do when it is merged or removed. */
  moveLines(name: string, to: string | null): CompiledQuery {
    return this.db.updateTable('split_lines').set({ category: to }).where('category', '=', name).compile();
  }

  /**
   * Marks the row split (or not) and takes its own category away, stamped `tx`: setting the
   * category columns makes migration 0019's trigger image the row, so an undo gives them back.
   */
  markParent(id: number, split: boolean, tx: number): CompiledQuery {
    return this.db
      .updateTable('transactions')
      .set({ split: split ? 1 : null, category: null, category_source: null, change_tx: tx })
      .where('id', '=', id)
      .compile();
  }
}
