import { encodeCursor } from '../../domain/change-feed.js';
import type { ChangesService } from '../../services/changes.service.js';
import type { CorrectionsService } from '../../services/corrections.service.js';
import type { UndoService } from '../../services/undo.service.js';
import { selectionFromBody } from '../filter-parameters.js';
import { changeField } from '../register-operations.js';
import type { OperationHandlers } from '../operation-types.js';
import { presentDeleted, presentTransaction } from '../presenters.js';

type Handlers = Pick<OperationHandlers, 'deleteTransactions' | 'recategoriseTransactions' | 'listDeletedTransactions' | 'restoreTransactions' | 'listChanges' | 'undoChange'>;

/** Corrections (trash, bulk re-categorisation), the change feed and undo by change. */
export function correctionHandlers(corrections: CorrectionsService, changes: ChangesService, undo: UndoService): Handlers {
  return {
    async deleteTransactions({ body }, reply) {
      const deleted = await corrections.delete(selectionFromBody(body), body.force ?? false);
      return reply.code(200).send({ deleted, ...changeField(reply) });
    },

    async recategoriseTransactions({ body }, reply) {
      const { ids: _ids, filter: _filter, ...change } = body;
      const outcome = await corrections.recategorise(selectionFromBody(body), change);
      const sample = outcome.sample === undefined ? {} : { sample: outcome.sample.map(presentTransaction) };
      const ids = outcome.ids === undefined ? {} : { ids: outcome.ids };
      return reply.code(200).send({ changed: outcome.changed, dryRun: outcome.dryRun, ...sample, ...ids, ...changeField(reply) });
    },

    async listDeletedTransactions({ query }, reply) {
      const limit = query.limit ?? 100;
      const page = await corrections.listDeleted(limit, Math.max(0, query.offset ?? -1));
      reply.header('x-total-count', String(page.total));
      if (page.rows.length === 0) return reply.code(204).send();
      return reply.code(200).send(page.rows.map(presentDeleted));
    },

    async restoreTransactions({ body }, reply) {
      const restored = await corrections.restore(body.ids);
      return reply.code(200).send({ ...restored, ...changeField(reply) });
    },

    async listChanges({ query }, reply) {
      // The store writes the changes' JSON, the same bytes as the serialiser would (presentChange): sent as it is.
      const page = await changes.afterJson(query.since, query.limit ?? 1000);
      const text = `{"changes":${page.json},"next":${JSON.stringify(encodeCursor(page.next))},"more":${page.more}}`;
      return reply.code(200).type('application/json; charset=utf-8').send(text);
    },

    async undoChange({ params }, reply) {
      const undone = await undo.undo(Number(params.change));
      const { undone: change, change: made, recategorised, restored, trashed, conflicts } = undone;
      return reply.code(200).send({ undone: change, change: made, recategorised, restored, trashed, conflicts });
    },
  };
}
