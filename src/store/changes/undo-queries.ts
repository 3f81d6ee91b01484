import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../engine/schema.js';
import type { CorrectionsQueries } from '../transactions/corrections-queries.js';

/** What a before-image says the change did to its row (migration 0018). */
export type UndoAction = 'category' | 'row' | 'trashed' | 'restored' | 'created';

/** The images of rows changed in place: `category` (migration 0018) and `row` (0019, with account and status). */
const IMAGED_ROWS = ['category', 'row'];

/** A kept change (change_undo). */
export interface KeptChangeRow {
  tx: number | string;
  undone_by: number | string | null;
}

/** What is known of a change that has no before-images. */
export interface UnkeptChangeRow {
  purged_through: number | string;
  in_feed: number | boolean | string;
}

/**
 * The before-images of changes and undoing them (migration 0018; docs/undo.md). A change `X`
 * left each of its rows stamped with change_tx = X (in the list, or in the trash for a row it
 * deleted): a row still stamped so is exactly as X left it; any other was touched by a later
 * change, and is a conflict that an undo leaves alone.
 */
export class UndoQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly corrections: CorrectionsQueries,
  ) {}

  /** Change `tx` can be undone (its before-images follow, or come from the category trigger); `importId`: it was that import. */
  keep(tx: number, madeAt: number, undoes: number | null = null, importId: number | null = null): CompiledQuery {
    return this.db.insertInto('change_undo').values({ tx, made_at: madeAt, undoes, undone_by: null, import_id: importId }).compile();
  }

  /** Images of the rows change `tx` moved into the trash. */
  imageTrashed(tx: number): CompiledQuery {
    return this.db
      .insertInto('change_undo_rows')
      .columns(['tx', 'transaction_id', 'action'])
      .expression(this.db.selectFrom('deleted_transactions').select([sql<number>`CAST(${tx} AS BIGINT)`.as('tx'), 'id', sql<string>`'trashed'`.as('action')]).where('change_tx', '=', tx))
      .compile();
  }

  /** Images of the rows change `tx` put into the list (created or restored) that have none yet (a row whose category it set has one). */
  imageInList(tx: number, action: 'created' | 'restored'): CompiledQuery {
    return this.db
      .insertInto('change_undo_rows')
      .columns(['tx', 'transaction_id', 'action'])
      .expression(
        this.db
          .selectFrom('transactions as t')
          .select([sql<number>`CAST(${tx} AS BIGINT)`.as('tx'), 't.id', sql<string>`CAST(${action} AS TEXT)`.as('action')])
          .where('t.change_tx', '=', tx)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('change_undo_rows as r').select('r.tx').where('r.tx', '=', tx).whereRef('r.transaction_id', '=', 't.id'))),
          ),
      )
      .compile();
  }

  find(tx: number): CompiledQuery<KeptChangeRow> {
    return this.db.selectFrom('change_undo').select(['tx', 'undone_by']).where('tx', '=', tx).compile();
  }

  /** For a change without images: how far purges went, and whether the token names a committed write. */
  unkept(tx: number): CompiledQuery<UnkeptChangeRow> {
    return sql<UnkeptChangeRow>`SELECT s.purged_through AS purged_through,
      EXISTS (SELECT 1 FROM change_feed f WHERE f.tx = ${tx}) AS in_feed
      FROM change_undo_state s`.compile(this.db);
  }

  /** The rows of change `tx` that a later change touched: no longer stamped with `tx` where it left them. */
  changedLater(tx: number): CompiledQuery<{ id: number | string }> {
    return sql<{ id: number | string }>`SELECT r.transaction_id AS id FROM change_undo_rows r
      WHERE r.tx = ${tx} AND CASE WHEN r.action = 'trashed'
        THEN NOT EXISTS (SELECT 1 FROM deleted_transactions d WHERE d.id = r.transaction_id AND d.change_tx = ${tx})
        ELSE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = r.transaction_id AND t.change_tx = ${tx}) END
      ORDER BY r.transaction_id`.compile(this.db);
  }

  markUndone(tx: number, by: number): CompiledQuery {
    return this.db.updateTable('change_undo').set({ undone_by: by }).where('tx', '=', tx).compile();
  }

  /** The categories change `from` took its rows out of, created again (as a PUT would) where removed since; stamped `tx`. */
  insertBeforeCategories(from: number, tx: number): CompiledQuery {
    return this.db
      .insertInto('categories')
      .columns(['name', 'group_name', 'change_tx'])
      .expression(
        this.db
          .selectFrom('change_undo_rows')
          .select(['category', sql<null>`NULL`.as('group_name'), sql<number>`CAST(${tx} AS BIGINT)`.as('change_tx')])
          .distinct()
          .where('tx', '=', from)
          .where('action', 'in', IMAGED_ROWS)
          .where('category', 'is not', null),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .compile();
  }

  /**
   * Gives the rows change `from` changed in place, and no later change touched, what they had
   * before: category and source from every image, and account and status too from a `row` image
   * (migration 0019: moves, status changes, reconciliations); stamped `tx`.
   */
  revertCategories(from: number, tx: number): CompiledQuery {
    const image = (column: 'category' | 'category_source') =>
      sql`(SELECT r.${sql.ref(column)} FROM change_undo_rows r WHERE r.tx = ${from} AND r.transaction_id = transactions.id)`;
    const rowImage = (column: 'account_id' | 'status') =>
      sql`(SELECT CASE WHEN r.action = 'row' THEN r.${sql.ref(column)} ELSE transactions.${sql.ref(column)} END FROM change_undo_rows r WHERE r.tx = ${from} AND r.transaction_id = transactions.id)`;
    return sql`UPDATE transactions SET category = ${image('category')}, category_source = ${image('category_source')},
        account_id = ${rowImage('account_id')}, status = ${rowImage('status')}, change_tx = ${tx}
      WHERE change_tx = ${from} AND id IN (SELECT r.transaction_id FROM change_undo_rows r WHERE r.tx = ${from} AND r.action IN ('category', 'row'))`.compile(this.db);
  }

  /**
   * Copies into the trash the rows change `from` put into the list (created or restored) that no
   * later change touched, deleted at `at` (why: their import when they came from one, else a
   * request), stamped `tx` (then corrections' deleteMoved(tx)). PostgreSQL: locking them first.
   */
  trashAdded(from: number, at: number, tx: number): CompiledQuery {
    const rows = this.db
      .selectFrom('transactions')
      .where('change_tx', '=', from)
      .where('id', 'in', (eb) =>
        eb.selectFrom('change_undo_rows').select('transaction_id').where('tx', '=', from).where('action', 'in', ['created', 'restored']),
      );
    const why = { reason: sql<string>`CASE WHEN import_id IS NULL THEN 'request' ELSE 'import' END`, reference: sql<string | null>`CAST(import_id AS TEXT)` };
    return this.corrections.copyRowsToTrash(rows, at, why, tx);
  }

  /**
   * Forgets the before-images of changes made before `before` (ms since the epoch): first the
   * newest such token is recorded (so an undo of it says "expired"), then every image and kept
   * change up to it goes, with the images of changes that had no undo (catalogue changes leave
   * category images through the trigger).
   */
  markPurged(before: number): CompiledQuery {
    const newest = this.db.selectFrom('change_undo').select(sql<number>`coalesce(max(tx), 0)`.as('tx')).where('made_at', '<', before);
    return this.db
      .updateTable('change_undo_state')
      .set({ purged_through: sql`CASE WHEN (${newest}) > purged_through THEN (${newest}) ELSE purged_through END` })
      .compile();
  }

  purgeImages(): CompiledQuery {
    return sql`DELETE FROM change_undo_rows WHERE tx <= (SELECT purged_through FROM change_undo_state)`.compile(this.db);
  }

  purgeKept(): CompiledQuery {
    return sql`DELETE FROM change_undo WHERE tx <= (SELECT purged_through FROM change_undo_state)`.compile(this.db);
  }
}
