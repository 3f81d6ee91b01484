import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toRouterPath, type OperationSpec } from './contract.js';
import type { OperationHandlers, OperationId, OperationInput } from './operation-types.js';
import type { ParsedQuery } from './query-string.js';
import { compileRequestValidator } from './request-validation.js';

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
    app.route({
      method: operation.method as 'GET',
      url: toRouterPath(operation.path),
      schema: { response: operation.responses },
      config: { fileBody: operation.fileBody === true, writes: operation.writes },
      handler: (request, reply) => {
        const input = validate({
          query: request.query as ParsedQuery,
          params: request.params as Record<string, string>,
          body: request.body,
          headers: request.headers,
        });
        return handler(input as OperationInput<OperationId>, reply, request);
      },
    });
  }
}
