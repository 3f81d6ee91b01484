import type { BanksService } from '../../services/banks.service.js';
import type { CategoriesService } from '../../services/categories.service.js';
import type { OperationHandlers } from '../operation-types.js';
import { presentBank, presentCategory } from '../presenters.js';

type Handlers = Pick<OperationHandlers, 'listBanks' | 'getBank' | 'listCategories'>;

/** Banks and categories: read-only over HTTP, managed from the command line and by import. */
export function catalogueHandlers(banks: BanksService, categories: CategoriesService): Handlers {
  return {
    async listBanks(_input, reply) {
      const all = await banks.list();
      if (all.length === 0) return reply.code(204).send();
      return reply.code(200).send(all.map(presentBank));
    },

    async getBank({ params }, reply) {
      return reply.code(200).send(presentBank(await banks.get(params.bankId)));
    },

    async listCategories(_input, reply) {
      const all = await categories.list();
      if (all.length === 0) return reply.code(204).send();
      return reply.code(200).send(all.map(presentCategory));
    },
  };
}
