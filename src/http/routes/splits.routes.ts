import { splitObject } from '../../domain/splits.js';
import type { SplitsService } from '../../services/splits.service.js';
import type { OperationHandlers } from '../operation-types.js';

type Handlers = Pick<OperationHandlers, 'getSplit' | 'putSplit' | 'deleteSplit'>;

/** Splits (issue 24; docs/transfers-and-splits.md). */
export function splitHandlers(splits: SplitsService): Handlers {
  return {
    async getSplit({ params }, reply) {
      return reply.code(200).send(splitObject(await splits.get(Number(params.transactionId))));
    },

    async putSplit({ params, body }, reply) {
      const lines = body.lines.map((line) => ({ amount: line.amount, category: line.category ?? null, memo: line.memo ?? null }));
      return reply.code(200).send(splitObject(await splits.put(Number(params.transactionId), lines)));
    },

    async deleteSplit({ params }, reply) {
      await splits.remove(Number(params.transactionId));
      return reply.code(204).send();
    },
  };
}
