import type { FastifyReply } from 'fastify';
import type { ReportsService } from '../../services/reports.service.js';
import { filterFromQuery } from '../filter-parameters.js';
import type { OperationHandlers } from '../operation-types.js';

type Handlers = Pick<OperationHandlers, 'reportTotals' | 'reportByCategory' | 'reportCashflow' | 'reportTopPayees'>;

const JSON_TYPE = 'application/json; charset=utf-8';

export function reportHandlers(reports: ReportsService): Handlers {
  // The service hands out the same answer object while the data stands still (ReportAnswers):
  // its text, written once by the route's own serialiser, is kept beside it and sent as is.
  const texts = new WeakMap<object, string>();
  const send = (reply: FastifyReply, answer: object) => {
    reply.code(200);
    let text = texts.get(answer);
    if (text === undefined) {
      const written = reply.serialize(answer);
      // The contract's serialiser writes strings; anything else goes out as Fastify sends it.
      if (typeof written !== 'string') return reply.send(answer);
      texts.set(answer, (text = written));
    }
    return reply.type(JSON_TYPE).send(text);
  };
  return {
    async reportTotals({ query }, reply) {
      return send(reply, await reports.totals(filterFromQuery(query)));
    },

    async reportByCategory({ query }, reply) {
      return send(reply, await reports.byCategory(filterFromQuery(query), query.period ?? 'month'));
    },

    async reportCashflow({ query }, reply) {
      return send(reply, await reports.cashflow(filterFromQuery(query), query.period ?? 'month'));
    },

    async reportTopPayees({ query }, reply) {
      return send(reply, await reports.topPayees(filterFromQuery(query), query.limit ?? 10));
    },
  };
}
