import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lastChange, noteWrittenChanges, type WrittenChanges } from '../store/changes/written-changes.js';
import { toRouterPath, type OperationSpec } from './contract.js';
import type { OperationHandlers, OperationId, OperationInput } from './operation-types.js';
import type { ParsedQuery } from './query-string.js';
import { compileRequestValidator } from './request-validation.js';

/** The changes each write request's handler recorded, by its reply (see changeOf). */
const written = new WeakMap<FastifyReply, WrittenChanges>();

/**
 * The change a write recorded while its handler ran (the last, if it made several), or undefined:
 * what the handler puts as `change` in an extension body. The `Moneta-Change` header is set
 * here for every write, the seed's included (issue 22 item 3; docs/undo.md).
 */
export function changeOf(reply: FastifyReply): number | undefined {
  const changes = written.get(reply);
  return changes && lastChange(changes);
}

/** `change` for an extension write's body: present only when the write recorded one. */
export function changeField(reply: FastifyReply): { change?: number } {
  const change = changeOf(reply);
  return change === undefined ? {} : { change };
}

/**
 * Registers one route per operation of the contract: the contract gives the path, the method,
 * the request validator and the response serialiser; the handler map gives only the behaviour.
 * The contract's HEAD operations document what Fastify's HEAD-from-GET routes answer.
 */
export function registerOperations(
  app: FastifyInstance,
  ajv: Ajv2020,
  operations: OperationSpec[],
  handlers: OperationHandlers,
): void {
  const gets = new Set(operations.filter((operation) => operation.method === 'GET').map((operation) => operation.path));
  for (const operation of operations) {
    if (operation.method === 'HEAD') {
      // Fastify answers HEAD from the GET route (exposeHeadRoutes): same validation, no body.
      if (!gets.has(operation.path)) throw new Error(`the contract's HEAD ${operation.path} has no GET to answer it`);
      continue;
    }
    const handler = handlers[operation.operationId as OperationId] as
      | ((input: OperationInput<OperationId>, reply: unknown, request: FastifyRequest) => Promise<unknown>)
      | undefined;
    if (!handler) throw new Error(`the contract's operation ${operation.operationId} has no handler`);
    const validate = compileRequestValidator(ajv, operation);
    const writes = operation.writes;
    app.route({
      method: operation.method as 'GET',
      url: toRouterPath(operation.path),
      schema: { response: operation.responses },
      config: { fileBody: operation.fileBody === true, writes: operation.writes },
      ...(writes && {
        onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const change = changeOf(reply);
          if (change !== undefined && reply.statusCode < 300) reply.header('moneta-change', String(change));
          return payload;
        },
      }),
      handler: (request, reply) => {
        const input = validate({
          query: request.query as ParsedQuery,
          params: request.params as Record<string, string>,
          body: request.body,
          headers: request.headers,
        });
        if (!writes) return handler(input as OperationInput<OperationId>, reply, request);
        const changes: WrittenChanges = { changes: [] };
        written.set(reply, changes);
        return noteWrittenChanges(changes, () => handler(input as OperationInput<OperationId>, reply, request));
      },
    });
  }
}
