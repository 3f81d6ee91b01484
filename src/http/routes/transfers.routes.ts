import type { Transfer, TransferSide, TransferSuggestion } from '../../domain/transfers/transfer.js';
import type { TransfersService } from '../../services/transfers.service.js';
import type { OperationHandlers, Schemas } from '../operation-types.js';
import { changeField } from '../register-operations.js';

type Handlers = Pick<OperationHandlers, 'listTransfers' | 'createTransfer' | 'linkTransfer' | 'unlinkTransfer' | 'listTransferSuggestions' | 'rejectTransferSuggestion'>;

function presentSide(side: TransferSide): Schemas['TransferSide'] {
  const { accountId, ...rest } = side;
  return accountId === null ? rest : { ...rest, accountId };
}

export function presentTransfer(transfer: Transfer): Schemas['Transfer'] {
  return {
    id: transfer.id,
    status: transfer.status,
    outflowTransactionId: transfer.outflow.transactionId,
    inflowTransactionId: transfer.inflow.transactionId,
    outflow: presentSide(transfer.outflow),
    inflow: presentSide(transfer.inflow),
  };
}

function presentSuggestion(suggestion: TransferSuggestion): Schemas['TransferSuggestion'] {
  return {
    outflowTransactionId: suggestion.outflow.transactionId,
    inflowTransactionId: suggestion.inflow.transactionId,
    score: suggestion.score,
    reason: suggestion.reason,
    outflow: presentSide(suggestion.outflow),
    inflow: presentSide(suggestion.inflow),
  };
}

/** Transfers between one's own accounts (issue 24; docs/transfers-and-splits.md). */
export function transferHandlers(transfers: TransfersService): Handlers {
  return {
    async listTransfers({ query }, reply) {
      const list = await transfers.list(query.status, query.limit ?? 100, query.offset ?? 0);
      return reply.code(200).send(list.map(presentTransfer));
    },

    async createTransfer({ body }, reply) {
      return reply.code(201).send({ ...presentTransfer(await transfers.create(body)), ...changeField(reply) });
    },

    async linkTransfer({ body }, reply) {
      const transfer = await transfers.link({ outflowTransactionId: Number(body.outflowTransactionId), inflowTransactionId: Number(body.inflowTransactionId) });
      return reply.code(201).send({ ...presentTransfer(transfer), ...changeField(reply) });
    },

    async unlinkTransfer({ params }, reply) {
      return reply.code(200).send({ ...presentTransfer(await transfers.unlink(Number(params.transferId))), ...changeField(reply) });
    },

    async listTransferSuggestions({ query }, reply) {
      return reply.code(200).send((await transfers.suggestions(query.windowDays, query.limit ?? 100)).map(presentSuggestion));
    },

    async rejectTransferSuggestion({ body }, reply) {
      await transfers.reject({ outflowTransactionId: Number(body.outflowTransactionId), inflowTransactionId: Number(body.inflowTransactionId) });
      return reply.code(204).send();
    },
  };
}
