import type { Reconciliation } from '../../services/ledger.service.js';
import type { LedgerService } from '../../services/ledger.service.js';
import { selectionFromBody } from '../filter-parameters.js';
import type { OperationHandlers } from '../operation-types.js';
import { presentTransaction } from '../presenters.js';
import { changeField } from '../register-operations.js';

type Handlers = Pick<
  OperationHandlers,
  'accountRegister' | 'accountBalances' | 'reportNetWorth' | 'previewReconciliation' | 'completeReconciliation' | 'moveTransactions' | 'setTransactionStatus'
>;

function presentReconciliation(found: Reconciliation) {
  const { uncleared, reconciled, ...rest } = found;
  return { ...rest, uncleared: uncleared.map(presentTransaction), ...(reconciled === undefined ? {} : { reconciled }) };
}

/** An account's register, balance history and reconciliation; net worth; moves and status (issue 23). */
export function ledgerHandlers(ledger: LedgerService): Handlers {
  return {
    async accountRegister({ params, query }, reply) {
      const { from, to } = query;
      const page = await ledger.register(Number(params.accountId), { from, to, limit: query.limit ?? 100, offset: Math.max(0, query.offset ?? 0), order: query.order ?? 'newest' });
      reply.header('x-total-count', String(page.total));
      const rows = page.rows.map((row) => ({ transaction: presentTransaction(row.transaction), balance: row.balance }));
      return reply.code(200).send({ account: page.account.id, currency: page.account.currency, rows });
    },

    async accountBalances({ params, query }, reply) {
      const history = await ledger.balances(Number(params.accountId), query);
      return reply.code(200).send({ account: history.account.id, currency: history.account.currency, interval: history.interval, points: history.points });
    },

    async reportNetWorth({ query }, reply) {
      return reply.code(200).send(await ledger.netWorth(query));
    },

    async previewReconciliation({ params, query }, reply) {
      return reply.code(200).send(presentReconciliation(await ledger.previewReconciliation(Number(params.accountId), query.date, query.balance)));
    },

    async completeReconciliation({ params, body }, reply) {
      const done = await ledger.completeReconciliation(Number(params.accountId), body.date, body.balance);
      return reply.code(200).send({ ...presentReconciliation(done), ...changeField(reply) });
    },

    async moveTransactions({ body }, reply) {
      const moved = await ledger.move(selectionFromBody(body), body.account ?? null, body.force ?? false);
      return reply.code(200).send({ moved, ...changeField(reply) });
    },

    async setTransactionStatus({ body }, reply) {
      const status = body.status === 'uncleared' ? null : body.status;
      const changed = await ledger.setStatus(selectionFromBody(body), status, body.force ?? false);
      return reply.code(200).send({ changed, ...changeField(reply) });
    },
  };
}
