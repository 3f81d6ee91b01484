import type { DemoDataService } from '../../services/demo-data.service.js';
import type { OperationHandlers } from '../operation-types.js';

/** Operations under /manage/: changes the seed's read-only paths do not offer. */
export function managementHandlers(demo: DemoDataService): Pick<OperationHandlers, 'loadDemoData'> {
  return {
    async loadDemoData(_input, reply) {
      const { banks, categories, transactions } = await demo.loadIntoEmptyStore();
      return reply.code(201).send({ banks, categories, transactions });
    },
  };
}
