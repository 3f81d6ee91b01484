import type { Store } from '../../store/store.js';
import type { OperationHandlers } from '../operation-types.js';

export function healthHandlers(store: Pick<Store, 'engine' | 'lifecycle'>): Pick<OperationHandlers, 'getHealth'> {
  return {
    async getHealth(_input, reply) {
      try {
        await store.lifecycle.ping();
        return reply.code(200).send({ status: 'ok', store: { engine: store.engine, reachable: true } });
      } catch (error) {
        reply.request.log.warn({ err: error }, 'health check: store unreachable');
        return reply
          .code(503)
          .header('retry-after', '2')
          .send({ status: 'unavailable', store: { engine: store.engine, reachable: false, error: 'the store does not answer' } });
      }
    },
  };
}
