import { StoreDamagedError } from '../../domain/errors.js';
import type { Store } from '../../store/store.js';
import type { OperationHandlers } from '../operation-types.js';

/**
 * 200 only when the server takes requests and its store answers. An overloaded server (load
 * shedding, see security/limits.ts) and a damaged store answer 503 in the same Health shape,
 * so a probe sees the truth and the contract's 503 body.
 */
export function healthHandlers(store: Pick<Store, 'engine' | 'lifecycle'>): Pick<OperationHandlers, 'getHealth'> {
  return {
    async getHealth(_input, reply) {
      const request = reply.request;
      try {
        await store.lifecycle.ping();
      } catch (error) {
        let problem = 'the store does not answer';
        if (error instanceof StoreDamagedError) {
          request.log.error({ err: error.cause ?? error }, error.recovery);
          problem = `${error.message}; see the server log`;
        } else {
          request.log.warn({ err: error }, 'health check: store unreachable');
        }
        reply.header('retry-after', '2');
        return reply.code(503).send({ status: 'unavailable', store: { engine: store.engine, reachable: false, error: problem } });
      }
      if (request.overload !== null) {
        reply.header('retry-after', '1');
        return reply.code(503).send({ status: 'unavailable', store: { engine: store.engine, reachable: true, error: request.overload } });
      }
      return reply.code(200).send({ status: 'ok', store: { engine: store.engine, reachable: true } });
    },
  };
}
