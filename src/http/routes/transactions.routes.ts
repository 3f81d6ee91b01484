import { DomainError } from '../../domain/errors.js';
import { parseSortSpec, SortSpecError } from '../../domain/sort.js';
import type { IdempotencyKeys } from '../../services/idempotency.service.js';
import type { TransactionQuery } from '../../domain/transaction.js';
import type { TransactionsService } from '../../services/transactions.service.js';
import type { OperationHandlers } from '../operation-types.js';
import { filterFromQuery } from '../filter-parameters.js';
import { presentTransaction } from '../presenters.js';
import { RequestValidationError } from '../request-validation.js';
import { sendStreamedPage, STREAMED_PAGE_LIMIT } from '../stream-page.js';

type Handlers = Pick<OperationHandlers, 'listTransactions' | 'createTransaction' | 'getTransaction' | 'updateTransaction'>;

export function transactionHandlers(transactions: TransactionsService, idempotency: IdempotencyKeys): Handlers {
  return {
    async listTransactions({ query }, reply) {
      const listQuery = toTransactionQuery(query);
      if (listQuery.limit > STREAMED_PAGE_LIMIT) return sendStreamedPage(reply, await transactions.stream(listQuery));
      // The store writes the page's JSON, the same bytes as the serialiser would: sent as it is.
      const page = await transactions.page(listQuery);
      reply.header('x-total-count', String(page.total));
      // An empty page is 204 without a body.
      if (page.count === 0) return reply.code(204).send();
      return reply.code(200).type(JSON_TYPE).send(page.json);
    },

    async createTransaction({ body, headers }, reply) {
      const input = {
        date: body.date,
        description: body.description,
        value: body.value,
        category: body.category ?? null,
        bank: body.bank ?? null,
        account: body.account ?? null,
        status: body.status ?? null,
      };
      const key = headers['Idempotency-Key'];
      if (key === undefined) {
        const created = await transactions.create(input);
        return reply.code(201).header('location', `/transactions/${created.id}`).send(presentTransaction(created));
      }
      const result = await transactions.createIdempotent(input, await idempotency.request(key, body));
      if (result.outcome === 'mismatch') {
        throw new DomainError('conflict', 'this Idempotency-Key was used in the last 24 hours with a different body; use a new key for a new transaction', [
          { in: 'header', name: 'Idempotency-Key', message: 'was already used with a different body' },
        ]);
      }
      if (result.outcome === 'replayed') reply.header('idempotent-replayed', 'true');
      if (result.response.location !== null) reply.header('location', result.response.location);
      // The stored text is sent as it is: a replay is byte for byte the first response.
      return reply.code(result.response.status).type(JSON_TYPE).send(result.response.body);
    },

    async getTransaction({ params }, reply) {
      return reply.code(200).send(presentTransaction(await transactions.get(params.transactionId)));
    },

    async updateTransaction({ params, body }, reply) {
      await transactions.recategorise(params.transactionId, body.category ?? null);
      return reply.code(204).send();
    },
  };
}

/** The Content-Type Fastify's serialiser sets; with it, a string body is sent as it is. */
const JSON_TYPE = 'application/json; charset=utf-8';

type ListQuery = Parameters<Handlers['listTransactions']>[0]['query'];

function toTransactionQuery(query: ListQuery): TransactionQuery {
  let sort: TransactionQuery['sort'] = [];
  if (query.sort !== undefined) {
    try {
      sort = parseSortSpec(query.sort);
    } catch (error) {
      if (!(error instanceof SortSpecError)) throw error;
      throw new RequestValidationError([{ in: 'query', name: 'sort', message: error.message }]);
    }
  }
  return {
    ...filterFromQuery(query),
    sort,
    limit: query.limit ?? 100,
    offset: Math.max(0, query.offset ?? -1),
  };
}
