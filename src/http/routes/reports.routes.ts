import type { ReportsService } from '../../services/reports.service.js';
import { filterFromQuery } from '../filter-parameters.js';
import type { OperationHandlers } from '../operation-types.js';

type Handlers = Pick<OperationHandlers, 'reportTotals' | 'reportByCategory' | 'reportCashflow' | 'reportTopPayees'>;

export function reportHandlers(reports: ReportsService): Handlers {
  return {
    async reportTotals({ query }, reply) {
      return reply.code(200).send(await reports.totals(filterFromQuery(query)));
    },

    async reportByCategory({ query }, reply) {
      return reply.code(200).send(await reports.byCategory(filterFromQuery(query), query.period ?? 'month'));
    },

    async reportCashflow({ query }, reply) {
      return reply.code(200).send(await reports.cashflow(filterFromQuery(query), query.period ?? 'month'));
    },

    async reportTopPayees({ query }, reply) {
      return reply.code(200).send(await reports.topPayees(filterFromQuery(query), query.limit ?? 10));
    },
  };
}
