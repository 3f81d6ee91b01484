import type { InboxService } from '../../services/inbox.service.js';
import type { OperationHandlers } from '../operation-types.js';

type Handlers = Pick<OperationHandlers, 'reportInbox'>;

/** The review inbox; its groups are categorised with recategoriseTransactions' `payee`. */
export function inboxHandlers(inbox: InboxService): Handlers {
  return {
    async reportInbox({ query }, reply) {
      return reply.code(200).send(await inbox.report(query.limit ?? 100));
    },
  };
}
