import type { CompiledQuery } from 'kysely';
import type { NewTransfer, Transfer, TransferPair } from '../../domain/transfers/transfer.js';
import { changeRecorded, changeToken, firstRow, insertedId, undoKept, type ChangeRecording, type StepResult, type UndoRecording, type WriteProgram } from '../engine/write-steps.js';
import type { Queries } from '../transactions/transactions-queries.js';
import { toTransfer } from './transfer-rows.js';
import type { LegRow, StoredTransferRow, TransferImageRow, TransferRow, TransfersQueries } from './transfers-queries.js';

/** A new transfer with each side's bank (the account's), as the service resolved them. */
export interface NewTransferLegs extends NewTransfer {
  fromBank: string | null;
  toBank: string | null;
}

export type CreateTransferOutcome = { status: 'created'; transfer: Transfer } | { status: 'unknown-account'; side: 'from' | 'to' };

export type LinkTransferOutcome =
  | { status: 'linked'; transfer: Transfer }
  | { status: 'missing'; side: 'outflow' | 'inflow' }
  | { status: 'wrong-sign'; side: 'outflow' | 'inflow' }
  | { status: 'same-account' }
  | { status: 'in-transfer'; side: 'outflow' | 'inflow'; transfer: number };

export type UnlinkTransferOutcome = { status: 'unlinked'; transfer: Transfer } | { status: 'missing' };

export type RejectTransferOutcome = { status: 'rejected' } | { status: 'missing'; side: 'outflow' | 'inflow' };

/** The change feed's tombstone of a transfer that is gone (changes/change-feed-queries.ts). */
export interface TransferTombstones {
  tombstone(entity: 'transfer', key: string, tx: number): CompiledQuery;
}

interface TransferStatements {
  transactions: Queries;
  transfers: TransfersQueries;
  changes: ChangeRecording & TransferTombstones;
  undo: UndoRecording;
}

/** The write programs of transfers (see ../writes.ts): each one transaction, kept for undo, with its change-feed entry. */
export function transferPrograms(q: TransferStatements) {
  const { transactions: t, transfers: tr, changes: feed, undo } = q;

  function* read(id: number): WriteProgram<Transfer> {
    const row = yield* firstRow<TransferRow>(tr.byId(id));
    if (!row) throw new Error('a transfer just written cannot be read');
    return toTransfer(row);
  }

  function* legs(pair: TransferPair): WriteProgram<{ outflow?: LegRow; inflow?: LegRow }> {
    const outflow = yield* firstRow<LegRow>(tr.leg(pair.outflowTransactionId));
    const inflow = yield* firstRow<LegRow>(tr.leg(pair.inflowTransactionId));
    return { ...(outflow ? { outflow } : {}), ...(inflow ? { inflow } : {}) };
  }

  return {
    /** Both transactions and their confirmed link, in one commit. */
    *createTransfer(input: NewTransferLegs): WriteProgram<CreateTransferOutcome> {
      if (!(yield* firstRow(t.findAccountById(input.from.accountId)))) return { status: 'unknown-account', side: 'from' };
      if (!(yield* firstRow(t.findAccountById(input.to.accountId)))) return { status: 'unknown-account', side: 'to' };
      const tx = yield* changeToken(feed);
      const row = (value: number, account: number, bank: string | null) => ({ date: input.date, description: input.description, value, account, bank, category: null, status: null });
      const outflowId = yield* insertedId(t.insertTransaction(row(-input.from.amount, input.from.accountId, input.fromBank), tx));
      const inflowId = yield* insertedId(t.insertTransaction(row(input.to.amount, input.to.accountId, input.toBank), tx));
      yield* undoKept(undo, tx, 'created');
      const id = yield* insertedId(tr.insert(outflowId, inflowId, 'confirmed', tx));
      yield tr.image(tx, id, 'added');
      const transfer = yield* read(id);
      yield* changeRecorded(feed, tx);
      return { status: 'created', transfer };
    },

    /** Two existing rows linked as a confirmed transfer (a suggested one of the same pair is confirmed). */
    *linkTransfer(pair: TransferPair): WriteProgram<LinkTransferOutcome> {
      const { outflow, inflow } = yield* legs(pair);
      if (!outflow) return { status: 'missing', side: 'outflow' };
      if (!inflow) return { status: 'missing', side: 'inflow' };
      if (!(outflow.value < 0)) return { status: 'wrong-sign', side: 'outflow' };
      if (!(inflow.value > 0)) return { status: 'wrong-sign', side: 'inflow' };
      if (outflow.account_id === null || inflow.account_id === null || Number(outflow.account_id) === Number(inflow.account_id)) return { status: 'same-account' };
      const holders: StoredTransferRow[] = [];
      for (const [which, leg] of [['outflow', outflow], ['inflow', inflow]] as const) {
        const holder = yield* firstRow<StoredTransferRow>(tr.holding(Number(leg.id)));
        // A link whose other row is in the trash counts nowhere (byId reads live rows only): it is replaced.
        if (holder?.status === 'confirmed' && (yield* firstRow(tr.byId(Number(holder.id))))) return { status: 'in-transfer', side: which, transfer: Number(holder.id) };
        if (holder && !holders.some((held) => Number(held.id) === Number(holder.id))) holders.push(holder);
      }
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      const same = holders.find((held) => Number(held.outflow_id) === Number(outflow.id) && Number(held.inflow_id) === Number(inflow.id));
      let id: number;
      if (same) {
        id = Number(same.id);
        yield tr.image(tx, id, 'status');
        yield tr.setStatus(id, 'confirmed', tx);
      } else {
        for (const held of holders) {
          yield tr.image(tx, Number(held.id), 'removed');
          yield tr.remove(Number(held.id));
          yield feed.tombstone('transfer', String(held.id), tx);
        }
        id = yield* insertedId(tr.insert(Number(outflow.id), Number(inflow.id), 'confirmed', tx));
        yield tr.image(tx, id, 'added');
      }
      const transfer = yield* read(id);
      yield* changeRecorded(feed, tx);
      return { status: 'linked', transfer };
    },

    /** The link removed; both rows stay. */
    *unlinkTransfer(id: number): WriteProgram<UnlinkTransferOutcome> {
      const row = yield* firstRow<TransferRow>(tr.byId(id));
      if (!row) return { status: 'missing' };
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      yield tr.image(tx, id, 'removed');
      yield tr.remove(id);
      yield feed.tombstone('transfer', String(id), tx);
      yield* changeRecorded(feed, tx);
      return { status: 'unlinked', transfer: toTransfer(row) };
    },

    /** Keeps the pairs as suggested transfers, those whose rows are in no transfer yet (an import's). */
    *suggestTransfers(pairs: TransferPair[]): WriteProgram<Transfer[]> {
      const free: TransferPair[] = [];
      for (const pair of pairs) {
        const held = (yield* firstRow(tr.holding(pair.outflowTransactionId))) ?? (yield* firstRow(tr.holding(pair.inflowTransactionId)));
        if (!held) free.push(pair);
      }
      if (free.length === 0) return [];
      const tx = yield* changeToken(feed);
      yield* undoKept(undo, tx);
      const kept: Transfer[] = [];
      for (const pair of free) {
        const id = yield* insertedId(tr.insert(pair.outflowTransactionId, pair.inflowTransactionId, 'suggested', tx));
        yield tr.image(tx, id, 'added');
        kept.push(yield* read(id));
      }
      yield* changeRecorded(feed, tx);
      return kept;
    },

    /** The pair never suggested again; a suggested transfer of it goes. */
    *rejectTransferPair(pair: TransferPair): WriteProgram<RejectTransferOutcome> {
      const { outflow, inflow } = yield* legs(pair);
      if (!outflow) return { status: 'missing', side: 'outflow' };
      if (!inflow) return { status: 'missing', side: 'inflow' };
      const holder = yield* firstRow<StoredTransferRow>(tr.holding(Number(outflow.id)));
      const tx = yield* changeToken(feed);
      if (holder?.status === 'suggested' && Number(holder.inflow_id) === Number(inflow.id)) {
        yield tr.remove(Number(holder.id));
        yield feed.tombstone('transfer', String(holder.id), tx);
      }
      yield tr.reject(Number(outflow.id), Number(inflow.id), tx);
      yield* changeRecorded(feed, tx);
      return { status: 'rejected' };
    },
  };
}

export type TransferPrograms = ReturnType<typeof transferPrograms>;

/**
 * Part of undoing change `change` as change `tx` (changes/undo-writes.ts): each transfer it added
 * goes, each it removed comes back (unless one of its rows is in another transfer since), each it
 * confirmed is suggested again; the undo keeps the opposite images, so it can be undone in turn.
 */
export function* transfersUndone(tr: TransfersQueries, feed: TransferTombstones, change: number, tx: number): WriteProgram<number> {
  const images = ((yield tr.images(change)) as StepResult).rows as TransferImageRow[];
  let reverted = 0;
  for (const image of images) {
    const id = Number(image.id);
    if (image.action === 'added') {
      yield tr.image(tx, id, 'removed');
      reverted += (yield tr.remove(id)).changes;
      yield feed.tombstone('transfer', String(id), tx);
    } else if (image.action === 'status') {
      yield tr.image(tx, id, 'status');
      reverted += (yield tr.setStatus(id, image.status, tx)).changes;
    } else {
      const taken = (yield* firstRow(tr.holding(Number(image.outflow_id)))) ?? (yield* firstRow(tr.holding(Number(image.inflow_id))));
      if (taken) continue;
      yield tr.restore(image, tx);
      yield tr.image(tx, id, 'added');
      reverted += 1;
    }
  }
  return reverted;
}
