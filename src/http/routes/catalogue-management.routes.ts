import type { BanksService } from '../../services/banks.service.js';
import type { CategoriesService } from '../../services/categories.service.js';
import type { CategoryGroupsService } from '../../services/category-groups.service.js';
import type { OperationHandlers } from '../operation-types.js';
import { presentBank, presentCategory } from '../presenters.js';

type Handlers = Pick<
  OperationHandlers,
  | 'createBank'
  | 'updateBank'
  | 'deleteBank'
  | 'createCategory'
  | 'updateCategory'
  | 'mergeCategories'
  | 'deleteCategory'
  | 'listCategoryGroups'
  | 'createCategoryGroup'
  | 'updateCategoryGroup'
  | 'deleteCategoryGroup'
>;

/** Managing banks, categories and category groups under /manage/ (the seed's /banks and /categories stay read-only). */
export function catalogueManagementHandlers(banks: BanksService, categories: CategoriesService, groups: CategoryGroupsService): Handlers {
  return {
    async createBank({ body }, reply) {
      const bank = await banks.add({ id: body.id, name: body.name, aggregatorId: body.aggregatorId ?? null });
      return reply.code(201).header('location', `/banks/${bank.id}`).send(presentBank(bank));
    },

    async updateBank({ params, body }, reply) {
      return reply.code(200).send(presentBank(await banks.update(params.bankId, body)));
    },

    async deleteBank({ params, query }, reply) {
      return reply.code(200).send(await banks.remove(params.bankId, query));
    },

    async createCategory({ body }, reply) {
      const category = await categories.create({ name: body.name, group: body.group?.name ?? null });
      return reply.code(201).send(presentCategory(category));
    },

    async updateCategory({ params, body }, reply) {
      const group = body.group === undefined ? {} : { group: body.group === null ? null : body.group.name };
      const name = body.name === undefined ? {} : { name: body.name };
      return reply.code(200).send(presentCategory(await categories.update(params.categoryName, { ...name, ...group })));
    },

    async mergeCategories({ body }, reply) {
      const merged = await categories.mergeInto(body.from, body.into);
      return reply.code(200).send({ ...merged, into: presentCategory(merged.into) });
    },

    async deleteCategory({ params, query }, reply) {
      return reply.code(200).send(await categories.remove(params.categoryName, { uncategorise: true, ...query }));
    },

    async listCategoryGroups(_input, reply) {
      return reply.code(200).send(await groups.list());
    },

    async createCategoryGroup({ body }, reply) {
      return reply.code(201).send(await groups.create(body.name, body.categories));
    },

    async updateCategoryGroup({ params, body }, reply) {
      return reply.code(200).send(await groups.rename(params.groupName, body.name));
    },

    async deleteCategoryGroup({ params }, reply) {
      return reply.code(200).send(await groups.remove(params.groupName));
    },
  };
}
