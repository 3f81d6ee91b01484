import { sql, type CompiledQuery, type Kysely, type SqlBool } from 'kysely';
import type { TransferStatus } from '../../domain/transfers/transfer.js';
import type { DialectQuirks } from '../engine/dialect-quirks.js';
import type { Database } from '../engine/schema.js';

/** A transfer with both its transactions, as the list and the writes read it. */
export interface TransferRow {
  id: number | string;
  status: string;
  outflow_id: number | string;
  outflow_account: number | string | null;
  outflow_date: string;
  outflow_value: number;
  outflow_description: string;
  inflow_id: number | string;
  inflow_account: number | string | null;
  inflow_date: string;
  inflow_value: number;
  inflow_description: string;
}

/** A candidate pair of the suggestions: TransferRow's columns for the two rows, with their accounts' names. */
export type CandidateRow = Omit<TransferRow, 'id' | 'status'> & { outflow_account_name: string; inflow_account_name: string };

/** A transaction as a transfer's checks need it. */
export interface LegRow {
  id: number | string;
  value: number;
  account_id: number | string | null;
}

/** A transfer as stored, without its rows. */
export interface StoredTransferRow {
  id: number | string;
  outflow_id: number | string;
  inflow_id: number | string;
  status: string;
}

/** The before-image of a transfer a change touched (migration 0021). */
export interface TransferImageRow extends StoredTransferRow {
  action: 'added' | 'removed' | 'status';
}

/** Statements of the transfers aggregate (migration 0021). */
export class TransfersQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly quirks: DialectQuirks,
  ) {}

  /** Transfers with their live rows (a link to a trashed row is left out), newest outflow first. */
  private withRows() {
    return this.db
      .selectFrom('transfers as tr')
      .innerJoin('transactions as o', 'o.id', 'tr.outflow_id')
      .innerJoin('transactions as i', 'i.id', 'tr.inflow_id')
      .select([
        'tr.id',
        'tr.status',
        'o.id as outflow_id',
        'o.account_id as outflow_account',
        'o.date as outflow_date',
        'o.value as outflow_value',
        'o.description as outflow_description',
        'i.id as inflow_id',
        'i.account_id as inflow_account',
        'i.date as inflow_date',
        'i.value as inflow_value',
        'i.description as inflow_description',
      ]);
  }

  list(status: TransferStatus | undefined, limit: number, offset: number): CompiledQuery<TransferRow> {
    let builder = this.withRows();
    if (status !== undefined) builder = builder.where('tr.status', '=', status);
    return builder.orderBy('o.date', 'desc').orderBy('tr.id', 'desc').limit(limit).offset(offset).compile() as CompiledQuery<TransferRow>;
  }

  byId(id: number): CompiledQuery<TransferRow> {
    return this.withRows().where('tr.id', '=', id).compile() as CompiledQuery<TransferRow>;
  }

  /** The stored transfer holding transaction `transactionId` on either side, live rows or not. */
  holding(transactionId: number): CompiledQuery<StoredTransferRow> {
    return this.db
      .selectFrom('transfers')
      .select(['id', 'outflow_id', 'inflow_id', 'status'])
      .where((eb) => eb.or([eb('outflow_id', '=', transactionId), eb('inflow_id', '=', transactionId)]))
      .compile();
  }

  leg(transactionId: number): CompiledQuery<LegRow> {
    return this.db.selectFrom('transactions').select(['id', 'value', 'account_id']).where('id', '=', transactionId).compile();
  }

  insert(outflowId: number, inflowId: number, status: TransferStatus, tx: number): CompiledQuery<{ id: number }> {
    return this.db.insertInto('transfers').values({ outflow_id: outflowId, inflow_id: inflowId, status, change_tx: tx }).returning('id').compile();
  }

  /** Puts a transfer back with its id (an undo). */
  restore(image: StoredTransferRow, tx: number): CompiledQuery {
    return this.db
      .insertInto('transfers')
      .values({ id: Number(image.id), outflow_id: Number(image.outflow_id), inflow_id: Number(image.inflow_id), status: image.status, change_tx: tx })
      .compile();
  }

  setStatus(id: number, status: string, tx: number): CompiledQuery {
    return this.db.updateTable('transfers').set({ status, change_tx: tx }).where('id', '=', id).compile();
  }

  remove(id: number): CompiledQuery {
    return this.db.deleteFrom('transfers').where('id', '=', id).compile();
  }

  reject(outflowId: number, inflowId: number, tx: number): CompiledQuery {
    return this.db
      .insertInto('transfer_rejections')
      .values({ outflow_id: outflowId, inflow_id: inflowId, change_tx: tx })
      .onConflict((oc) => oc.columns(['outflow_id', 'inflow_id']).doNothing())
      .compile();
  }

  /** Keeps the before-image of transfer `id` for change `tx` (`action`: what the change does to it). */
  image(tx: number, id: number, action: TransferImageRow['action']): CompiledQuery {
    return this.db
      .insertInto('change_undo_transfers')
      .columns(['tx', 'transfer_id', 'action', 'outflow_id', 'inflow_id', 'status'])
      .expression(
        this.db
          .selectFrom('transfers')
          .select([sql<number>`CAST(${tx} AS BIGINT)`.as('tx'), 'id', sql<string>`CAST(${action} AS TEXT)`.as('action'), 'outflow_id', 'inflow_id', 'status'])
          .where('id', '=', id),
      )
      .onConflict((oc) => oc.columns(['tx', 'transfer_id']).doNothing())
      .compile();
  }

  /** The images change `tx` kept, to undo it. */
  images(tx: number): CompiledQuery<TransferImageRow> {
    return this.db
      .selectFrom('change_undo_transfers')
      .select(['transfer_id as id', 'action', 'outflow_id', 'inflow_id', 'status'])
      .where('tx', '=', tx)
      .orderBy('transfer_id')
      .compile() as CompiledQuery<TransferImageRow>;
  }

  /** Forgets the images of purged changes (undo's retention). */
  purgeImages(): CompiledQuery {
    return sql`DELETE FROM change_undo_transfers WHERE tx <= (SELECT purged_through FROM change_undo_state)`.compile(this.db);
  }

  /**
   * Candidate pairs: an outflow and an inflow of the opposite value (through the index on value),
   * in two accounts of one currency, at most `windowDays` days apart, neither in a confirmed
   * transfer, the pair never rejected. At most `cap` pairs, oldest outflows first.
   */
  candidates(windowDays: number, cap: number): CompiledQuery<CandidateRow> {
    const confirmedHolds = (column: 'o.id' | 'i.id') =>
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM transfers c WHERE c.status = 'confirmed' AND (c.outflow_id = ${sql.ref(column)} OR c.inflow_id = ${sql.ref(column)}))`;
    return this.db
      .selectFrom('transactions as o')
      .innerJoin('accounts as oa', 'oa.id', 'o.account_id')
      .innerJoin('transactions as i', (join) =>
        join
          .on(sql<SqlBool>`i.value = -o.value`)
          .on(sql<SqlBool>`i.account_id <> o.account_id`)
          .on('i.date', '>=', this.quirks.dayShifted('o.date', -windowDays))
          .on('i.date', '<=', this.quirks.dayShifted('o.date', windowDays)),
      )
      .innerJoin('accounts as ia', (join) => join.onRef('ia.id', '=', 'i.account_id').onRef('ia.currency', '=', 'oa.currency'))
      .select([
        'o.id as outflow_id',
        'o.account_id as outflow_account',
        'o.date as outflow_date',
        'o.value as outflow_value',
        'o.description as outflow_description',
        'oa.name as outflow_account_name',
        'i.id as inflow_id',
        'i.account_id as inflow_account',
        'i.date as inflow_date',
        'i.value as inflow_value',
        'i.description as inflow_description',
        'ia.name as inflow_account_name',
      ])
      .where('o.value', '<', 0)
      .where(confirmedHolds('o.id'))
      .where(confirmedHolds('i.id'))
      .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM transfer_rejections r WHERE r.outflow_id = o.id AND r.inflow_id = i.id)`)
      .orderBy('o.id')
      .orderBy('i.id')
      .limit(cap)
      .compile() as CompiledQuery<CandidateRow>;
  }
}
