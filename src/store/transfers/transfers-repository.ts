import { chosenSuggestions, type Transfer, type TransferPair, type TransferStatus, type TransferSuggestion } from '../../domain/transfers/transfer.js';
import type { EngineAccess } from '../engine/engine-access.js';
import { toCandidate, toTransfer } from './transfer-rows.js';
import type { CandidateRow, TransferRow, TransfersQueries } from './transfers-queries.js';
import type { CreateTransferOutcome, LinkTransferOutcome, NewTransferLegs, RejectTransferOutcome, TransferPrograms, UnlinkTransferOutcome } from './transfers-writes.js';

/** How many candidate pairs one suggestion pass reads at most. */
export const CANDIDATE_CAP = 20_000;

/** Transfers between one's own accounts (issue 24; docs/transfers-and-splits.md). */
export interface TransfersRepository {
  list(status: TransferStatus | undefined, limit: number, offset: number): Promise<Transfer[]>;
  get(id: number): Promise<Transfer | null>;
  create(transfer: NewTransferLegs): Promise<CreateTransferOutcome>;
  link(pair: TransferPair): Promise<LinkTransferOutcome>;
  unlink(id: number): Promise<UnlinkTransferOutcome>;
  reject(pair: TransferPair): Promise<RejectTransferOutcome>;
  /** Keeps the pairs whose rows are in no transfer as suggested transfers, in one change; answers those kept. */
  suggest(pairs: TransferPair[]): Promise<Transfer[]>;
  /** Pairs that look like transfers, best first, each transaction in one at most. */
  suggestions(windowDays: number, limit: number): Promise<TransferSuggestion[]>;
}

export function transfersRepository(db: EngineAccess<{ transfers: TransfersQueries }, TransferPrograms>): TransfersRepository {
  const { transfers: q } = db.queries;
  return {
    async list(status, limit, offset) {
      return (await db.all<TransferRow>(q.list(status, limit, offset))).map(toTransfer);
    },
    async get(id) {
      const row = await db.first<TransferRow>(q.byId(id));
      return row ? toTransfer(row) : null;
    },
    create: (transfer) => db.write('createTransfer', transfer),
    link: (pair) => db.write('linkTransfer', pair),
    unlink: (id) => db.write('unlinkTransfer', id),
    reject: (pair) => db.write('rejectTransferPair', pair),
    suggest: (pairs) => db.write('suggestTransfers', pairs),
    async suggestions(windowDays, limit) {
      // A pass over the outflows (each joined to its opposite values by the index on value): a scan.
      const candidates = await db.scanAll<CandidateRow>(q.candidates(windowDays, CANDIDATE_CAP));
      return chosenSuggestions(candidates.map(toCandidate), windowDays, limit);
    },
  };
}
