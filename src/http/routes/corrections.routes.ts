import { encodeCursor } from '../../domain/change-feed.js';
import type { ChangesService } from '../../services/changes.service.js';
import type { CorrectionsService } from '../../services/corrections.service.js';
import type { OperationHandlers } from '../operation-types.js';
import { presentChange, presentDeleted, presentTransaction } from '../presenters.js';

type Handlers = Pick<OperationHandlers, 'deleteTransactions' | 'recategoriseTransactions' | 'listDeletedTransactions' | 'restoreTransactions' | 'listChanges'>;

/** Corrections (trash, bulk re-categorisation) and the change feed. */
export function correctionHandlers(corrections: CorrectionsService, changes: ChangesService): Handlers {
  return {
    async deleteTransactions({ body }, reply) {
      return reply.code(200).send({ deleted: await corrections.delete(body) });
    },

    async recategoriseTransactions({ body }, reply) {
      const outcome = await corrections.recategorise(body);
      const sample = outcome.sample === undefined ? {} : { sample: outcome.sample.map(presentTransaction) };
      return reply.code(200).send({ changed: outcome.changed, dryRun: outcome.dryRun, ...sample });
    },

    async listDeletedTransactions({ query }, reply) {
      const limit = query.limit ?? 100;
      const page = await corrections.listDeleted(limit, Math.max(0, query.offset ?? -1));
      reply.header('x-total-count', String(page.total));
      if (page.rows.length === 0) return reply.code(204).send();
      return reply.code(200).send(page.rows.map(presentDeleted));
    },

    async restoreTransactions({ body }, reply) {
      return reply.code(200).send(await corrections.restore(body.ids));
    },

    async listChanges({ query }, reply) {
      const page = await changes.after(query.since, query.limit ?? 1000);
      return reply.code(200).send({ changes: page.changes.map(presentChange), next: encodeCursor(page.next), more: page.more });
    },
  };
}
